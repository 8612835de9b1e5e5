import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

export const PROJECT_SEARCH_PLACEHOLDER = 'Search projects by address or name...';

interface ProjectSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** The search box of My Projects: Escape or the clear button empties it. */
export function ProjectSearchField({ value, onChange }: ProjectSearchFieldProps) {
  return (
    <TextField
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && value) onChange('');
      }}
      placeholder={PROJECT_SEARCH_PLACEHOLDER}
      autoComplete="off"
      sx={{ maxWidth: { sm: 420 }, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
      slotProps={{
        htmlInput: { 'aria-label': 'Search projects' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label="Clear search" onClick={() => onChange('')}>
                <Close fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
