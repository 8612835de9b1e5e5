import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { InputHelperText, useInput } from 'react-admin';
import { parseReminderDay, reminderDayLabel, reminderDaysProblem } from './settingsForm';

const chipLabel = (text: string) => {
  const day = parseReminderDay(text);
  return day === null ? text : reminderDayLabel(day);
};

// the field holds numbers; the chips' Autocomplete holds their text ('-3'); a text that is no number stays
// text, so the rule below names it
const format = (days: unknown) => (Array.isArray(days) ? days.map(String) : []);
const parse = (texts: unknown) => (Array.isArray(texts) ? texts.map((t: string) => parseReminderDay(String(t)) ?? String(t)) : []);
const validate = (days: unknown) => reminderDaysProblem(days);
const NO_OPTIONS: string[] = [];

/**
 * The reminder days (days from the due date, −30…60) as chips: type a number and press Enter. MUI's
 * Autocomplete (free text, several values) bound with react-admin's useInput, as react-admin's
 * TextArrayInput is, without the choice machinery that input's module brings along (see inputs.tsx).
 */
export function ReminderDaysInput({ source, label }: { source: string; label: string }) {
  const { field, fieldState, id } = useInput({ source, format, parse, validate });
  const error = fieldState.error?.message;
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      id={id}
      options={NO_OPTIONS}
      value={(field.value as string[] | undefined) ?? NO_OPTIONS}
      onChange={(_event, texts) => field.onChange(texts)}
      onBlur={field.onBlur}
      renderValue={(value, getItemProps) =>
        value.map((text, index) => {
          const { key, ...chipProps } = getItemProps({ index });
          return <Chip size="small" label={chipLabel(text)} key={key} {...chipProps} />;
        })
      }
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          error={Boolean(error)}
          helperText={
            <InputHelperText
              error={error}
              helperText="Days from the due date: type -3 for 3 days before, 0 for the day itself, 7 for a week after, then press Enter"
            />
          }
        />
      )}
    />
  );
}
