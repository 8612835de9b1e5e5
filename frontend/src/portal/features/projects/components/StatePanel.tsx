import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface StatePanelProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
}

/** A centred panel for empty, no-match and error states. */
export function StatePanel({ icon, title, children, action, tone = 'neutral' }: StatePanelProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ px: { xs: 3, sm: 6 }, py: { xs: 6, sm: 8 }, textAlign: 'center', borderStyle: 'dashed', bgcolor: 'background.paper' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 64,
          height: 64,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: tone === 'error' ? 'rgba(220, 38, 38, 0.08)' : 'rgba(30, 58, 138, 0.08)',
          color: tone === 'error' ? 'error.main' : 'primary.main',
          '& svg': { fontSize: 32 },
        }}
      >
        {icon}
      </Box>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 440, mx: 'auto' }}>
          {children}
        </Typography>
      )}
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Paper>
  );
}
