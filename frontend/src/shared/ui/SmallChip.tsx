import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { cloneElement, type ReactElement } from 'react';

export interface SmallChipProps {
  label: string;
  /** an icon element (MUI icon); it gets the class MuiChip-icon */
  icon?: ReactElement<{ className?: string }>;
  color?: 'default' | 'primary';
  variant?: 'filled' | 'outlined';
  sx?: SxProps<Theme>;
  'data-status'?: string;
}

/**
 * MUI's small, non-clickable Chip (a label with an icon), with its styles and class names
 * (MuiChip-root, -icon, -label), without the Chip module (~3 kB gzipped in the first load of
 * /projects and /credits, decision 0014), which also handles clicking, deleting and avatars.
 */
export function SmallChip({ label, icon, color = 'default', variant = 'filled', sx, ...data }: SmallChipProps) {
  const outlined = variant === 'outlined';
  const base = (theme: Theme) => ({
    maxWidth: '100%',
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(13),
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    height: 24,
    lineHeight: 1.5,
    color: color === 'primary' ? theme.palette.primary.contrastText : theme.palette.text.primary,
    backgroundColor: outlined ? 'transparent' : color === 'primary' ? theme.palette.primary.main : theme.palette.action.selected,
    borderRadius: '16px',
    whiteSpace: 'nowrap',
    transition: theme.transitions.create(['background-color', 'box-shadow']),
    cursor: 'unset',
    outline: 0,
    textDecoration: 'none',
    border: outlined ? `1px solid ${theme.palette.grey[400]}` : 0,
    padding: 0,
    verticalAlign: 'middle',
    boxSizing: 'border-box',
    '& .MuiChip-icon': {
      fontSize: 18,
      marginLeft: outlined ? '2px' : '4px',
      marginRight: '-4px',
      color: color === 'default' ? theme.palette.grey[700] : 'inherit',
    },
    '& .MuiChip-label': {
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      paddingLeft: outlined ? '7px' : '8px',
      paddingRight: outlined ? '7px' : '8px',
      whiteSpace: 'nowrap',
    },
  });
  const classes = `MuiChip-root MuiChip-sizeSmall MuiChip-color${color === 'primary' ? 'Primary' : 'Default'} MuiChip-${variant}`;
  return (
    <Box className={classes} sx={[base, ...(Array.isArray(sx) ? sx : [sx])]} {...data}>
      {icon && cloneElement(icon, { className: `MuiChip-icon MuiChip-iconSmall${icon.props.className ? ` ${icon.props.className}` : ''}` })}
      <span className="MuiChip-label MuiChip-labelSmall">{label}</span>
    </Box>
  );
}
