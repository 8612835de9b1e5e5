import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';
import type { Choice } from './choices';

/*
 * The Studio Settings form's text, select, autocomplete, number and switch: stock MUI components bound to
 * the form with react-admin's useInput (in the react-admin-core chunk already), as AccentColorInput is.
 * react-admin's SelectInput, AutocompleteInput, NumberInput, BooleanInput and TextArrayInput would do the
 * same, but bring ra-core's choice machinery (useChoices, useSuggestions, ChoicesContext,
 * useSupportCreateSuggestion, useList, useGetRecordRepresentation…) into the react-admin-core chunk that
 * every back-office page loads (REACT_ADMIN_CORE in vite.config.ts): 3.4 kB gzipped on every list page,
 * for this one page, which put /admin/projects and /admin/payments over issue 15's 350 kB.
 */

interface SettingInputProps {
  source: string;
  label: string;
  validate?: Validator | Validator[];
  helperText?: ReactNode;
  className?: string;
}

/** The label, with react-admin's required mark when a validator requires a value. */
const title = (label: string, source: string, isRequired: boolean) => <FieldTitle label={label} source={source} isRequired={isRequired} />;

/** A select of `choices` (their ids are the values). */
export function SelectSetting({ source, label, validate, helperText, className, choices }: SettingInputProps & { choices: Choice[] }) {
  const { field, fieldState, id, isRequired } = useInput({ source, validate });
  const error = fieldState.error?.message;
  return (
    <TextField
      select
      id={id}
      name={field.name}
      label={title(label, source, isRequired)}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={<InputHelperText error={error} helperText={helperText} />}
      className={className}
      fullWidth
    >
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A long list of `choices` to type into and pick from; always one of them (no clear button). */
export function AutocompleteSetting({
  source,
  label,
  validate,
  helperText,
  className,
  choices,
}: SettingInputProps & { choices: Choice[] }) {
  const { field, fieldState, id, isRequired } = useInput({ source, validate });
  const error = fieldState.error?.message;
  const value = choices.find((choice) => choice.id === field.value) ?? null;
  return (
    <Autocomplete
      id={id}
      options={choices}
      value={value as Choice}
      onChange={(_event, choice) => field.onChange(choice?.id ?? '')}
      onBlur={field.onBlur}
      getOptionLabel={(choice) => choice.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      disableClearable
      className={className}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={title(label, source, isRequired)}
          error={Boolean(error)}
          helperText={<InputHelperText error={error} helperText={helperText} />}
        />
      )}
    />
  );
}

/** What a number field's text means: null when empty (the server names the field), else the number. */
const toNumber = (text: string): number | null => {
  if (text.trim() === '') return null;
  const number = Number.parseFloat(text);
  return Number.isNaN(number) ? null : number;
};
const toText = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

/**
 * A number (`type="number"`). The text is kept as typed ('8.', '-') while the field gets its number; the
 * text follows the field when it changes elsewhere (the form reset to the saved settings).
 */
export function NumberSetting({
  source,
  label,
  validate,
  helperText,
  className,
  min,
  max,
  step,
}: SettingInputProps & { min?: number; max?: number; step?: number }) {
  const { field, fieldState, id, isRequired } = useInput({ source, validate });
  const error = fieldState.error?.message;
  const [text, setText] = useState(() => toText(field.value));
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setText(toText(field.value));
  }, [field.value]);
  return (
    <TextField
      type="number"
      id={id}
      name={field.name}
      label={title(label, source, isRequired)}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(toNumber(event.target.value));
      }}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={() => {
        focused.current = false;
        setText(toText(field.value));
        field.onBlur();
      }}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={<InputHelperText error={error} helperText={helperText} />}
      className={className}
      fullWidth
      slotProps={{ htmlInput: { min, max, step } }}
    />
  );
}

/** An on/off setting: a switch with its label. */
export function SwitchSetting({ source, label, helperText, className }: Omit<SettingInputProps, 'validate'>) {
  const { field, fieldState, id } = useInput({ source, type: 'checkbox' });
  const error = fieldState.error?.message;
  return (
    <div className={className}>
      <FormControlLabel
        label={label}
        control={
          <Switch
            id={id}
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => {
              field.onChange(event.target.checked);
              field.onBlur(); // touched at once, as react-admin's BooleanInput does
            }}
            inputRef={field.ref}
          />
        }
      />
      {/* always there, as with the other fields: the line under it is kept for a message */}
      <FormHelperText error={Boolean(error)}>
        <InputHelperText error={error} helperText={helperText} />
      </FormHelperText>
    </div>
  );
}

/**
 * A text (one line, or several with `multiline`). react-admin's TextInput would do, but it is a
 * ResettableTextField, which the lists' DataTable uses too: imported by this page as well, the build took it
 * (with its Clear icon) out of the back office's chunk into a chunk of its own that every list loads,
 * 0.6 kB more on each.
 */
export function TextSetting({
  source,
  label,
  validate,
  helperText,
  className,
  type,
  placeholder,
  multiline,
  minRows,
}: SettingInputProps & { type?: string; placeholder?: string; multiline?: boolean; minRows?: number }) {
  const { field, fieldState, id, isRequired } = useInput({ source, validate });
  const error = fieldState.error?.message;
  return (
    <TextField
      id={id}
      name={field.name}
      type={type}
      label={title(label, source, isRequired)}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={<InputHelperText error={error} helperText={helperText} />}
      placeholder={placeholder}
      multiline={multiline}
      minRows={minRows}
      className={className}
      fullWidth
    />
  );
}
