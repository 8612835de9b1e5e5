import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import type { ClientOption } from './types';

interface ClientPickerProps {
  value: ClientOption | null;
  onChange: (client: ClientOption | null) => void;
  error?: string;
  onBlur?: () => void;
}

/** How long typing pauses before the client search is sent. */
const SEARCH_DELAY_MS = 250;

/**
 * The searchable Client picker: searches accounts with role client on the server
 * (GET /api/clients?filter={"q":...,"role":"client"}), 'No client found' when none match.
 */
export function ClientPicker({ value, onChange, error, onBlur }: ClientPickerProps) {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setQuery(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);

  // while the input shows the chosen client's name, list every client rather than only that one
  const q = value && query === value.username ? '' : query;
  const { data, isFetching } = useGetList<ClientOption>(
    'clients',
    {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'username', order: 'ASC' },
      filter: q ? { q, role: 'client' } : { role: 'client' },
    },
    { placeholderData: keepPreviousData },
  );

  const options = data ?? [];
  return (
    <Autocomplete<ClientOption, false, false, false>
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      // the server filters; the list is shown as it comes
      filterOptions={(x) => x}
      getOptionLabel={(option) => option.username}
      isOptionEqualToValue={(option, selected) => String(option.id) === String(selected.id)}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <span>
              {option.username}
              {option.email && <span style={{ display: 'block', fontSize: '0.8rem', opacity: 0.7 }}>{option.email}</span>}
            </span>
          </li>
        );
      }}
      noOptionsText="No client found"
      loading={isFetching && options.length === 0}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Client"
          required
          error={Boolean(error)}
          helperText={error}
          InputProps={{
            ...params.InputProps,
            endAdornment: (
              <>
                {isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                {params.InputProps.endAdornment}
              </>
            ),
          }}
        />
      )}
    />
  );
}
