import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';

type Filters = Record<string, unknown>;

export interface ListSearchProps {
  placeholder: string;
  /** the input's accessible name (the placeholder when left out) */
  label?: string;
  /** the list's filters with the search `text` applied (default: `q`, left out when empty) */
  apply?: (filters: Filters, text: string) => Filters;
  /** MUI's clear button while there is text (default); the browser's own is hidden either way */
  clearable?: boolean;
  maxLength?: number;
  sx?: SxProps<Theme>;
}

const withQ = (filters: Filters, text: string): Filters => {
  const { q: _q, ...rest } = filters;
  return text.trim() ? { ...rest, q: text.trim() } : rest;
};

/**
 * A search input (`type="search"`: a searchbox to assistive technology) whose browser clear button
 * (WebKit's cancel button) is hidden: the field offers MUI's own 'Clear search' button, one clear button.
 */
export const hideNativeClear = {
  '& input[type="search"]::-webkit-search-cancel-button': { WebkitAppearance: 'none', appearance: 'none', display: 'none' },
} satisfies SxProps<Theme>;

/**
 * The search box of a react-admin list: a stock TextField whose text goes into the list's filters
 * through setFilters, which the list debounces (ListBase `debounce`).
 */
export function ListSearch({ placeholder, label = placeholder, apply = withQ, clearable = true, maxLength, sx }: ListSearchProps) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = typeof filterValues?.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState<string>(current);
  // what this box last sent: the list's filter catching up with the typing is not a change from elsewhere
  const sent = useRef(current);

  // follow the list's filter when it changes elsewhere (back button, cleared)
  useEffect(() => {
    if (current !== sent.current) {
      sent.current = current;
      setText(current);
    }
  }, [current]);

  const change = (value: string, debounce: boolean) => {
    setText(value);
    const next = apply(filterValues ?? {}, value);
    sent.current = typeof next.q === 'string' ? next.q : '';
    setFilters(next, displayedFilters, debounce);
  };

  return (
    <TextField
      value={text}
      onChange={(event) => change(event.target.value, true)}
      placeholder={placeholder}
      variant="outlined"
      size="small"
      sx={[hideNativeClear, ...(Array.isArray(sx) ? sx : [sx])]}
      slotProps={{
        htmlInput: { 'aria-label': label, type: 'search', enterKeyHint: 'search', maxLength },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
          endAdornment:
            clearable && text ? (
              <InputAdornment position="end">
                <IconButton aria-label="Clear search" size="small" edge="end" onClick={() => change('', false)}>
                  <Close fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
        },
      }}
    />
  );
}
