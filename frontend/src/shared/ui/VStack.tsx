import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A column with `spacing` (theme units) between its children: the same CSS as MUI's
 * `<Stack spacing={n}>`, without Stack's code in the sign-in pages' first load (decision 0014).
 */
export function VStack({ spacing, children }: { spacing: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        '& > :not(style):not(style)': { m: 0 },
        '& > :not(style) ~ :not(style)': { mt: spacing },
      }}
    >
      {children}
    </Box>
  );
}
