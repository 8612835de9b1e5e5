import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import { useRef, useState } from 'react';
import { CloseIcon, SearchIcon } from '../icons';

export const PROJECT_SEARCH_PLACEHOLDER = 'Search projects by address or name...';

interface ProjectSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
}

// MUI's small OutlinedInput with a start and an end adornment, written out: the same elements,
// class names and styles (InputBase, OutlinedInput, NotchedOutline, InputAdornment), without
// InputBase's machinery (form-control context, autofill detection, multiline), which was ~6 kB
// gzipped of /projects' first load (decision 0014).
const OUTLINE = 'rgba(0, 0, 0, 0.23)';

const rootSx = (theme: Theme) =>
  ({
    ...theme.typography.body1,
    color: theme.palette.text.primary,
    lineHeight: '1.4375em',
    boxSizing: 'border-box',
    position: 'relative',
    cursor: 'text',
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: `${theme.shape.borderRadius}px`,
    '&:hover .MuiOutlinedInput-notchedOutline': { borderColor: theme.palette.text.primary },
    '@media (hover: none)': { '&:hover .MuiOutlinedInput-notchedOutline': { borderColor: OUTLINE } },
    '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderWidth: 2, borderColor: theme.palette.primary.main },
    paddingLeft: '14px',
    '&.MuiInputBase-adornedEnd': { paddingRight: '14px' },
    maxWidth: { sm: 420 },
    bgcolor: 'background.paper',
  }) as const;

const inputSx = (theme: Theme) => {
  const placeholder = {
    color: 'currentColor',
    opacity: 0.42,
    transition: theme.transitions.create('opacity', { duration: theme.transitions.duration.shorter }),
  };
  return {
    font: 'inherit',
    letterSpacing: 'inherit',
    color: 'currentColor',
    border: 0,
    boxSizing: 'content-box',
    background: 'none',
    height: '1.4375em',
    margin: 0,
    WebkitTapHighlightColor: 'transparent',
    display: 'block',
    minWidth: 0,
    width: '100%',
    '&::-webkit-input-placeholder': placeholder,
    '&::-moz-placeholder': placeholder,
    '&::-ms-input-placeholder': placeholder,
    '&:focus': { outline: 0 },
    '&:invalid': { boxShadow: 'none' },
    '&::-webkit-search-decoration': { WebkitAppearance: 'none' },
    padding: '8.5px 14px',
    paddingLeft: 0,
    '&.MuiInputBase-inputAdornedEnd': { paddingRight: 0 },
  } as const;
};

const adornmentSx = (position: 'start' | 'end') =>
  ({
    display: 'flex',
    maxHeight: '2em',
    alignItems: 'center',
    whiteSpace: 'nowrap',
    color: 'action.active',
    ...(position === 'start' ? { mr: '8px' } : { ml: '8px' }),
  }) as const;

const outlineSx = (theme: Theme) =>
  ({
    textAlign: 'left',
    position: 'absolute',
    bottom: 0,
    right: 0,
    top: -5,
    left: 0,
    margin: 0,
    padding: '0 8px',
    pointerEvents: 'none',
    borderRadius: 'inherit',
    borderStyle: 'solid',
    borderWidth: 1,
    overflow: 'hidden',
    minWidth: '0%',
    borderColor: OUTLINE,
    '& > legend': {
      float: 'unset',
      width: 'auto',
      overflow: 'hidden',
      padding: 0,
      lineHeight: '11px',
      transition: theme.transitions.create('width', { duration: 150, easing: theme.transitions.easing.easeOut }),
    },
  }) as const;

/** The search box of My Projects: Escape or the clear button empties it. */
export function ProjectSearchField({ value, onChange }: ProjectSearchFieldProps) {
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const adornedEnd = value !== '';
  return (
    <Box
      className={
        'MuiInputBase-root MuiOutlinedInput-root MuiInputBase-colorPrimary MuiInputBase-sizeSmall MuiInputBase-adornedStart' +
        (adornedEnd ? ' MuiInputBase-adornedEnd' : '') +
        (focused ? ' Mui-focused' : '')
      }
      onClick={(event) => {
        if (event.currentTarget === event.target) input.current?.focus();
      }}
      sx={rootSx}
    >
      <Box className="MuiInputAdornment-root MuiInputAdornment-positionStart MuiInputAdornment-sizeSmall" sx={adornmentSx('start')}>
        <SearchIcon fontSize="small" />
      </Box>
      <Box
        component="input"
        ref={input}
        type="text"
        className={
          'MuiInputBase-input MuiOutlinedInput-input MuiInputBase-inputSizeSmall MuiInputBase-inputAdornedStart' +
          (adornedEnd ? ' MuiInputBase-inputAdornedEnd' : '')
        }
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) onChange('');
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        placeholder={PROJECT_SEARCH_PLACEHOLDER}
        autoComplete="off"
        aria-label="Search projects"
        sx={inputSx}
      />
      {adornedEnd && (
        <Box className="MuiInputAdornment-root MuiInputAdornment-positionEnd MuiInputAdornment-sizeSmall" sx={adornmentSx('end')}>
          <IconButton size="small" edge="end" aria-label="Clear search" onClick={() => onChange('')}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      <Box component="fieldset" aria-hidden className="MuiOutlinedInput-notchedOutline" sx={outlineSx}>
        <legend>
          <span className="notranslate" aria-hidden>
            {'\u200B'}
          </span>
        </legend>
      </Box>
    </Box>
  );
}
