import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** 1 column on phones, 2 on tablets and small laptops, 3 from 1200 px (the side menu takes 264 px). */
export const projectGridSx = {
  display: 'grid',
  gap: { xs: 2, md: 3 },
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  alignItems: 'stretch',
} as const;

interface ProjectGridProps {
  children: ReactNode;
  /** accessible name of the grid region */
  label: string;
  busy?: boolean;
}

/** The responsive grid of project cards (or of their skeletons while loading). */
export function ProjectGrid({ children, label, busy }: ProjectGridProps) {
  return (
    <Box component="section" aria-label={label} aria-busy={busy || undefined} sx={projectGridSx}>
      {children}
    </Box>
  );
}
