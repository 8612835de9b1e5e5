import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';

export const PROJECT_SEARCH_PLACEHOLDER = 'Search projects by address or name...';

interface ProjectSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** An outlined input rather than a TextField: TextField's select mode would bring menus and popovers along. */
export function ProjectSearchField({ value, onChange }: ProjectSearchFieldProps) {
  return (
    <OutlinedInput
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && value) onChange('');
      }}
      placeholder={PROJECT_SEARCH_PLACEHOLDER}
      size="small"
      autoComplete="off"
      sx={{ maxWidth: { sm: 420 }, bgcolor: 'background.paper' }}
      inputProps={{ 'aria-label': 'Search projects' }}
      startAdornment={
        <InputAdornment position="start">
          <Search fontSize="small" />
        </InputAdornment>
      }
      endAdornment={
        value ? (
          <InputAdornment position="end">
            <IconButton size="small" edge="end" aria-label="Clear search" onClick={() => onChange('')}>
              <Close fontSize="small" />
            </IconButton>
          </InputAdornment>
        ) : undefined
      }
    />
  );
}
