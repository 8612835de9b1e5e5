import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A list's "could not load" panel. Pages load it with React.lazy: it is shown only when a call fails, so
 * MUI's Alert is not part of their first load (decision 0026).
 */
export function LoadErrorAlert({ title, children, sx }: { title: string; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Alert severity="error" sx={sx}>
      <AlertTitle>{title}</AlertTitle>
      {children}
    </Alert>
  );
}
