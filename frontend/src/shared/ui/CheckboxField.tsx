import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha, styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';

const Label = styled('label')({
  display: 'inline-flex',
  alignItems: 'center',
  cursor: 'pointer',
  verticalAlign: 'middle',
  WebkitTapHighlightColor: 'transparent',
  marginLeft: -11,
  marginRight: 16,
});

const Input = styled('input')({
  cursor: 'inherit',
  position: 'absolute',
  opacity: 0,
  width: '100%',
  height: '100%',
  top: 0,
  left: 0,
  margin: 0,
  padding: 0,
  zIndex: 1,
});

// as MUI's SwitchBase does: the span is neither a button nor in the tab order (the input is both
// focusable and the checkbox); ButtonBase's tabIndex is typed as a number, null leaves it out
const notAButton = { role: undefined, tabIndex: null as unknown as number };

/**
 * A labelled checkbox that looks and behaves like MUI's `<FormControlLabel control={<Checkbox />}>`
 * in the primary colour (native input under the icon, ripple on click and on keyboard focus), built
 * from ButtonBase, which every page loads anyway, rather than Checkbox, SwitchBase and
 * FormControlLabel (~4 kB gzipped on the sign-in page, decision 0014).
 */
export function CheckboxField({
  label,
  name,
  checked,
  onChange,
}: {
  label: string;
  name?: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <Label>
      <ButtonBase
        component="span"
        centerRipple
        focusRipple
        {...notAButton}
        sx={(theme) => ({
          padding: '9px',
          borderRadius: '50%',
          color: checked ? theme.palette.primary.main : theme.palette.text.secondary,
          '&:hover': { backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity) },
          '@media (hover: none)': { '&:hover': { backgroundColor: 'transparent' } },
        })}
      >
        <Input type="checkbox" name={name} checked={checked} onChange={onChange} />
        {checked ? <CheckBox /> : <CheckBoxOutlineBlank />}
      </ButtonBase>
      <Typography component="span">{label}</Typography>
    </Label>
  );
}
