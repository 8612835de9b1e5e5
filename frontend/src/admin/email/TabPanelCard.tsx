import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface TabPanelCardProps {
  title: string;
  subtitle?: ReactNode;
  /** e.g. a button on the right of the title */
  actions?: ReactNode;
  children: ReactNode;
}

/** A card with a titled header, the look of the other admin pages' sections. */
export function TabPanelCard({ title, subtitle, actions, children }: TabPanelCardProps) {
  return (
    <Card component="section" aria-label={title} sx={{ contain: 'inline-size', overflow: 'hidden' }}>
      <Box
        sx={{
          px: 2.5,
          py: 1.75,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      <Box sx={{ p: 2.5 }}>{children}</Box>
    </Card>
  );
}
