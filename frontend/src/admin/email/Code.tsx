import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Inline monospace text: setting names, addresses, server answers. */
export function Code({ children }: { children: ReactNode }) {
  return (
    <Box
      component="code"
      sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.85em', wordBreak: 'break-word' }}
    >
      {children}
    </Box>
  );
}
