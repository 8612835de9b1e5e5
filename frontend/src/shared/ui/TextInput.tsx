import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode, type Ref } from 'react';

export interface TextInputProps
  extends Omit<OutlinedInputProps, 'label' | 'error' | 'inputRef' | 'sx' | 'fullWidth'> {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  sx?: SxProps<Theme>;
}

/**
 * An outlined text field with its label, red label on error and the message under it.
 * Same look and accessibility as MUI's TextField (label bound with htmlFor, message with
 * aria-describedby), without TextField's select mode, which would add menus and popovers to the
 * sign-in page's bundle.
 */
export function TextInput({ label, error = false, helperText, id, sx, required, disabled, ...input }: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? `field${autoId}`;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl fullWidth error={error} sx={sx} required={required} disabled={disabled} variant="outlined">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
