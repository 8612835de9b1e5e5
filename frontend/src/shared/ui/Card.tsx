import Box, { type BoxProps } from '@mui/material/Box';
import Paper, { type PaperProps } from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ElementType } from 'react';

// MUI's Card, CardContent and CardActions (class names, styles, the theme's MuiCard defaults and
// overrides) on Paper and Box, which every page already has: each of MUI's three modules was a chunk
// of its own in the signed-in pages' first load (decision 0014).

const list = (sx: SxProps<Theme> | undefined) => (Array.isArray(sx) ? sx : [sx]);

const cardSx = (theme: Theme) => ({
  overflow: 'hidden',
  ...(theme.components?.MuiCard?.styleOverrides?.root as object | undefined),
});

export type CardProps = PaperProps & { component?: ElementType };

/** MUI's Card, outlined as the theme's MuiCard default says. */
export function Card({ className, sx, ...props }: CardProps) {
  return (
    <Paper
      variant="outlined"
      className={className ? `MuiCard-root ${className}` : 'MuiCard-root'}
      sx={[cardSx, ...list(sx)]}
      {...props}
    />
  );
}

const contentSx = { padding: '16px', '&:last-child': { paddingBottom: '24px' } } as const;

export function CardContent({ className, sx, ...props }: BoxProps) {
  return <Box className={className ? `MuiCardContent-root ${className}` : 'MuiCardContent-root'} sx={[contentSx, ...list(sx)]} {...props} />;
}

const actionsSx = { display: 'flex', alignItems: 'center', padding: '8px', '& > :not(style) ~ :not(style)': { marginLeft: '8px' } } as const;

export function CardActions({ className, sx, ...props }: BoxProps) {
  return (
    <Box className={className ? `MuiCardActions-root MuiCardActions-spacing ${className}` : 'MuiCardActions-root MuiCardActions-spacing'} sx={[actionsSx, ...list(sx)]} {...props} />
  );
}
