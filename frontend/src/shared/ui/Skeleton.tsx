import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { HTMLAttributes } from 'react';

// MUI's Skeleton animations, the same keyframes and timings
const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;
const wave = keyframes`
  0% { transform: translateX(-100%); }
  50% { transform: translateX(100%); }
  100% { transform: translateX(100%); }
`;

export interface SkeletonProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'color'> {
  variant?: 'text' | 'rectangular' | 'rounded' | 'circular';
  animation?: 'pulse' | 'wave';
  width?: number | string;
  height?: number | string;
  sx?: SxProps<Theme>;
}

const skeletonSx = (variant: NonNullable<SkeletonProps['variant']>, animation: NonNullable<SkeletonProps['animation']>) => (theme: Theme) => {
  const radius = Number(theme.shape.borderRadius);
  return {
    display: 'block',
    backgroundColor: theme.alpha(theme.palette.text.primary, 0.11),
    height: '1.2em',
    ...(variant === 'text' && {
      marginTop: 0,
      marginBottom: 0,
      height: 'auto',
      transformOrigin: '0 55%',
      transform: 'scale(1, 0.60)',
      borderRadius: `${radius}px/${Math.round((radius / 0.6) * 10) / 10}px`,
      '&:empty:before': { content: '"\\00a0"' },
    }),
    ...(variant === 'circular' && { borderRadius: '50%' }),
    ...(variant === 'rounded' && { borderRadius: `${radius}px` }),
    ...(animation === 'pulse'
      ? { animation: `${pulse} 2s ease-in-out 0.5s infinite` }
      : {
          position: 'relative',
          overflow: 'hidden',
          WebkitMaskImage: '-webkit-radial-gradient(white, black)',
          '&::after': {
            background: `linear-gradient(90deg, transparent, ${theme.palette.action.hover}, transparent)`,
            content: '""',
            position: 'absolute',
            transform: 'translateX(-100%)',
            bottom: 0,
            left: 0,
            right: 0,
            top: 0,
            animation: `${wave} 2s linear 0.5s infinite`,
          },
        }),
  } as const;
};

/**
 * MUI's Skeleton without children (a placeholder block), with its styles, animations and class
 * names, without MUI's module (~1.4 kB gzipped in the first load of /projects and /credits,
 * decision 0014).
 */
export function Skeleton({ variant = 'text', animation = 'pulse', width, height, sx, style, className, ...other }: SkeletonProps) {
  return (
    <Box
      component="span"
      className={`MuiSkeleton-root MuiSkeleton-${variant} MuiSkeleton-${animation}${className ? ` ${className}` : ''}`}
      sx={[skeletonSx(variant, animation), ...(Array.isArray(sx) ? sx : [sx])]}
      style={{ width, height, ...style }}
      {...other}
    />
  );
}
