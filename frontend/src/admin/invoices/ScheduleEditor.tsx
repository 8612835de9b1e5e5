import Add from '@mui/icons-material/Add';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { currencyAdornment, useCurrencyAffix } from '../shared/money';
import {
  blankRow,
  canSave,
  convertRows,
  MAX_LABEL,
  MAX_PARTS,
  money,
  rowCents,
  rowErrors,
  rowsOfSchedule,
  splitRows,
  sumCheck,
  toCents,
  toScheduleBody,
  type ScheduleMode,
  type ScheduleRow,
} from './schedule';
import { rowFieldError, type ServerProblem } from './serverErrors';
import { ServerErrors } from './ServerErrors';
import type { Installment, SchedulePart } from './types';

export interface ScheduleEditorProps {
  /** the invoice's total, dollars */
  total: number;
  schedule: Installment[];
  saving: boolean;
  /** the server's answer to the last failed save */
  problem: ServerProblem | null;
  onSave: (parts: SchedulePart[]) => void;
  onCancel: () => void;
}

/** The live sum check: 'Adds up to $X.XX of $Y.YY', green when exact, red with the difference otherwise. */
export function SumCheckLine({ rows, mode, totalCents }: { rows: ScheduleRow[]; mode: ScheduleMode; totalCents: number }) {
  const check = sumCheck(rows, mode, totalCents);
  return (
    <Stack
      direction="row"
      spacing={1}
      role="status"
      data-testid="schedule-sum"
      data-exact={check.exact}
      sx={{ alignItems: 'center', color: check.exact ? 'success.main' : 'error.main', fontWeight: 600 }}
    >
      {check.exact ? <CheckCircleOutline fontSize="small" /> : <ErrorOutline fontSize="small" />}
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {check.text}
        {check.differenceText && ` (${check.differenceText})`}
      </Typography>
    </Stack>
  );
}

/**
 * The schedule editor (CONTRACT §14): 1 to 12 installments, each a label, an amount or a percent of the
 * total, and a due date (a native date input), with the live sum check; Save stays off until the parts
 * add up to the total exactly.
 */
export function ScheduleEditor({ total, schedule, saving, problem, onSave, onCancel }: ScheduleEditorProps) {
  const totalCents = toCents(total);
  const [mode, setMode] = useState<ScheduleMode>('amount');
  const [rows, setRows] = useState<ScheduleRow[]>(() => rowsOfSchedule(schedule, totalCents));
  const affix = useCurrencyAffix();
  const cents = rowCents(rows, mode, totalCents);
  const firstDue = rows[0]?.dueDate;

  const change = (key: string, patch: Partial<ScheduleRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const split = (n: number) => setRows(splitRows(n, mode, totalCents, firstDue || undefined));
  // what the rows were before the last switch: switching back without an edit gives them back as typed
  // (percents of 2 decimals cannot say every amount: $100.00 of $300.01 reads 33.33 %, which is $99.99)
  const [beforeSwitch, setBeforeSwitch] = useState<{ rows: ScheduleRow[]; converted: ScheduleRow[] } | null>(null);
  const switchMode = (next: ScheduleMode) => {
    if (next === mode) return;
    const converted = beforeSwitch && beforeSwitch.converted === rows ? beforeSwitch.rows : convertRows(rows, mode, next, totalCents);
    setBeforeSwitch({ rows, converted });
    setRows(converted);
    setMode(next);
  };

  return (
    <Stack
      spacing={2}
      component="form"
      aria-label="Schedule editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (canSave(rows, mode, totalCents)) onSave(toScheduleBody(rows, mode));
      }}
    >
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label="Installments in"
          value={mode}
          onChange={(_e, next: ScheduleMode | null) => next && switchMode(next)}
        >
          <ToggleButton value="amount">Amounts</ToggleButton>
          <ToggleButton value="percent">Percent</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        <Button size="small" variant="outlined" onClick={() => split(2)}>
          Split in 2
        </Button>
        <Button size="small" variant="outlined" onClick={() => split(3)}>
          Split in 3
        </Button>
      </Stack>

      <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row, i) => {
          const n = i + 1;
          const errors = rowErrors(row, cents[i] ?? null, mode, rows[i - 1]);
          const valueError = (row.value.trim() ? errors.value : undefined) ?? rowFieldError(problem?.fields ?? {}, i, mode);
          const labelError = errors.label ?? rowFieldError(problem?.fields ?? {}, i, 'label');
          const dueError = errors.dueDate ?? rowFieldError(problem?.fields ?? {}, i, 'dueDate');
          return (
            <Box
              component="li"
              key={row.key}
              aria-label={`Installment ${n}`}
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'start',
                gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) 130px 165px auto' },
              }}
            >
              <TextField
                label="Label"
                size="small"
                value={row.label}
                onChange={(e) => change(row.key, { label: e.target.value })}
                error={Boolean(labelError)}
                helperText={labelError}
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                slotProps={{ htmlInput: { 'aria-label': `Label of installment ${n}`, maxLength: MAX_LABEL } }}
              />
              <TextField
                label={mode === 'amount' ? 'Amount' : 'Percent'}
                size="small"
                value={row.value}
                onChange={(e) => change(row.key, { value: e.target.value })}
                error={Boolean(valueError)}
                helperText={valueError ?? (mode === 'percent' && cents[i] != null ? `= ${money(cents[i]!)}` : undefined)}
                slotProps={{
                  htmlInput: {
                    'aria-label': `${mode === 'amount' ? 'Amount' : 'Percent'} of installment ${n}`,
                    inputMode: 'decimal',
                  },
                  input: mode === 'amount' ? currencyAdornment(affix) : { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                }}
              />
              <TextField
                label="Due date"
                type="date"
                size="small"
                value={row.dueDate}
                onChange={(e) => change(row.key, { dueDate: e.target.value })}
                error={Boolean(dueError)}
                helperText={dueError}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { 'aria-label': `Due date of installment ${n}`, max: '9999-12-31' },
                }}
              />
              <IconButton
                aria-label={`Remove installment ${n}`}
                onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
                disabled={rows.length <= 1}
                sx={{ mt: 0.25 }}
              >
                <DeleteOutline />
              </IconButton>
            </Box>
          );
        })}
      </Stack>

      <Box>
        <Button size="small" startIcon={<Add />} onClick={() => setRows((rs) => [...rs, blankRow(rs)])} disabled={rows.length >= MAX_PARTS}>
          Add installment
        </Button>
        {rows.length >= MAX_PARTS && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ ml: 1 }}>
            At most 12 installments
          </Typography>
        )}
      </Box>

      <SumCheckLine rows={rows} mode={mode} totalCents={totalCents} />
      <ServerErrors problem={problem} />

      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={saving || !canSave(rows, mode, totalCents)}>
          {saving ? 'Saving…' : 'Save schedule'}
        </Button>
      </Stack>
    </Stack>
  );
}
