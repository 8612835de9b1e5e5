import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useInput } from 'react-admin';
import { contrastNote, normalizeHex } from './contrast';

/**
 * The accent colour: its '#rrggbb' text and the browser's colour picker side by side, both bound to one
 * form field (react-admin's useInput). Under it, the live contrast of white text on the colour, or the
 * server's refusal (which names the ratio) once a save was refused.
 */
export function AccentColorInput({ source, label }: { source: string; label: string }) {
  const { field, fieldState, id } = useInput({ source });
  const value = typeof field.value === 'string' ? field.value : '';
  const hex = normalizeHex(value);
  const note = contrastNote(value);
  const error = fieldState.error?.message;

  return (
    <TextField
      id={id}
      name={field.name}
      label={label}
      value={value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? note?.text ?? 'A colour like #0f766e; white text sits on it (buttons, the bars)'}
      autoComplete="off"
      fullWidth
      slotProps={{
        htmlInput: { maxLength: 7, spellCheck: false },
        // an unfinished check in the warning's colour; a refusal in the error's
        formHelperText: { sx: note && !note.ok && !error ? { color: 'warning.dark' } : undefined },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={`${label} picker`}
                value={hex ?? '#000000'}
                onChange={(event) => field.onChange((event.target as HTMLInputElement).value)}
                sx={{ width: 32, height: 28, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
