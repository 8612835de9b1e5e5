import Chip from '@mui/material/Chip';
import { TextArrayInput } from 'react-admin';
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

/** The reminder days (days from the due date, −30…60) as chips: type a number and press Enter. */
export function ReminderDaysInput({ source, label }: { source: string; label: string }) {
  return (
    <TextArrayInput
      source={source}
      label={label}
      format={format}
      parse={parse}
      validate={validate}
      helperText="Days from the due date: type -3 for 3 days before, 0 for the day itself, 7 for a week after, then press Enter"
      renderValue={(value: readonly string[], getItemProps: (args: { index: number }) => Record<string, unknown>) =>
        value.map((text, index) => {
          const { key, ...chipProps } = getItemProps({ index });
          return <Chip size="small" label={chipLabel(text)} key={String(key)} {...chipProps} />;
        })
      }
      fullWidth
    />
  );
}
