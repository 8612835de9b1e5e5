import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A section's h2, a sentence under it and its main action (below the text on phones). */
export function SectionHeader({ id, title, subtitle, action }: { id: string; title: string; subtitle: string; action: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 1.5 }}>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {subtitle}
        </Typography>
      </Box>
      {action}
    </Box>
  );
}
