import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { formatCurrency } from '../../shared/ui/formatters';
import { currencyAdornment, useCurrencyAffix } from '../shared/money';
import { hundredthsText, money, parseHundredths, toCents } from './schedule';
import { rowFieldError, type ServerProblem } from './serverErrors';
import { ServerErrors } from './ServerErrors';
import type { InvoiceDetail, InvoiceLine, InvoicePatch } from './types';

interface LineRow {
  key: string;
  description: string;
  quantity: string;
  unitPrice: string;
}

type DiscountKind = 'none' | 'amount' | 'percent';

let nextKey = 0;
const newKey = () => `line-${++nextKey}`;

const QUANTITY = /^\d+$/;

/** The studio's own lines are editable; the project's services and its own price follow the project. */
export const isCustom = (line: InvoiceLine): boolean => line.source === 'custom';

function rowsOf(invoice: InvoiceDetail): LineRow[] {
  const custom = invoice.lines.filter(isCustom);
  return custom.map((l) => ({
    key: newKey(),
    description: l.description,
    quantity: String(l.quantity),
    unitPrice: hundredthsText(toCents(l.unitPrice)),
  }));
}

export interface LineErrors {
  description?: string;
  quantity?: string;
  unitPrice?: string;
}

/** What is wrong with a custom line before it is sent (the server's sentences where it has them). */
export function lineErrors(row: Pick<LineRow, 'description' | 'quantity' | 'unitPrice'>): LineErrors {
  const errors: LineErrors = {};
  if (!row.description.trim()) errors.description = 'Description is required';
  if (!QUANTITY.test(row.quantity.trim()) || Number(row.quantity) < 1) errors.quantity = 'Quantity must be at least 1';
  if (parseHundredths(row.unitPrice) === null) errors.unitPrice = 'Enter a price';
  return errors;
}

/** The PATCH body of the editor's lines and discount. */
export function linesPatch(rows: LineRow[], kind: DiscountKind, value: string): InvoicePatch {
  return {
    customLines: rows.map((r) => ({
      description: r.description.trim(),
      quantity: Number(r.quantity),
      unitPrice: (parseHundredths(r.unitPrice) ?? 0) / 100,
    })),
    discount: kind === 'none' ? null : { kind, value: (parseHundredths(value) ?? 0) / 100 },
  };
}

export interface LinesEditorProps {
  invoice: InvoiceDetail;
  saving: boolean;
  problem: ServerProblem | null;
  onSave: (patch: InvoicePatch) => void;
}

/**
 * The invoice's lines: the project's services (read-only: they follow the project) and the custom
 * lines the studio adds (description, quantity, unit price), with the discount (an amount or a percent).
 * The totals are the server's, after Save.
 */
export function LinesEditor({ invoice, saving, problem, onSave }: LinesEditorProps) {
  const affix = useCurrencyAffix();
  const serviceLines = invoice.lines.filter((l) => !isCustom(l));
  const initial = useMemo(
    () => ({
      rows: rowsOf(invoice),
      kind: (invoice.discountKind ?? 'none') as DiscountKind,
      value: invoice.discountValue == null ? '' : String(invoice.discountValue),
    }),
    [invoice],
  );
  const [rows, setRows] = useState(initial.rows);
  const [kind, setKind] = useState<DiscountKind>(initial.kind);
  const [value, setValue] = useState(initial.value);

  const patch = linesPatch(rows, kind, value);
  const dirty = JSON.stringify(patch) !== JSON.stringify(linesPatch(initial.rows, initial.kind, initial.value));
  const rowsValid = rows.every((r) => Object.keys(lineErrors(r)).length === 0);
  const discountError = kind !== 'none' && parseHundredths(value) === null ? 'Enter a discount' : undefined;
  const fields = problem?.fields ?? {};
  const serverDiscountError = fields['discount'] ?? fields['discount.value'] ?? fields['discountValue'];

  const change = (key: string, p: Partial<LineRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...p } : r)));

  return (
    <Stack
      spacing={2}
      component="form"
      aria-label="Lines"
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty && rowsValid && !discountError) onSave(patch);
      }}
    >
      {serviceLines.length > 0 && (
        <List dense disablePadding aria-label="Service lines" sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          {serviceLines.map((line, i) => (
            <ListItem
              // the server's lines have no id; they change only with a save, which renders the editor anew
              key={i}
              divider={i < serviceLines.length - 1}
              secondaryAction={<Typography sx={{ fontWeight: 600 }}>{formatCurrency(line.amount)}</Typography>}
            >
              <ListItemText
                primary={line.description}
                secondary={`Qty: ${line.quantity} × ${formatCurrency(line.unitPrice)}${line.paidWithCredits ? ' · paid with credits' : ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}

      <Stack spacing={1.5} component="ol" aria-label="Custom lines" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row, i) => {
          const n = i + 1;
          const errors = lineErrors(row);
          const descError = (row.description ? undefined : errors.description) ?? rowFieldError(fields, i, 'description');
          const qtyError = errors.quantity ?? rowFieldError(fields, i, 'quantity');
          const priceError = (row.unitPrice ? errors.unitPrice : undefined) ?? rowFieldError(fields, i, 'unitPrice');
          const price = parseHundredths(row.unitPrice);
          const amount = price !== null && QUANTITY.test(row.quantity) ? price * Number(row.quantity) : null;
          return (
            <Box
              component="li"
              key={row.key}
              aria-label={`Custom line ${n}`}
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'start',
                gridTemplateColumns: { xs: '72px minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) 72px 120px auto' },
              }}
            >
              <TextField
                label="Description"
                size="small"
                value={row.description}
                onChange={(e) => change(row.key, { description: e.target.value })}
                error={Boolean(descError)}
                helperText={descError}
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                slotProps={{ htmlInput: { 'aria-label': `Description of custom line ${n}`, maxLength: 200 } }}
              />
              <TextField
                label="Qty"
                size="small"
                value={row.quantity}
                onChange={(e) => change(row.key, { quantity: e.target.value })}
                error={Boolean(qtyError)}
                helperText={qtyError}
                slotProps={{ htmlInput: { 'aria-label': `Qty of custom line ${n}`, inputMode: 'numeric' } }}
              />
              <TextField
                label="Unit price"
                size="small"
                value={row.unitPrice}
                onChange={(e) => change(row.key, { unitPrice: e.target.value })}
                error={Boolean(priceError)}
                helperText={priceError ?? (amount !== null ? `= ${money(amount)}` : undefined)}
                slotProps={{
                  htmlInput: { 'aria-label': `Unit price of custom line ${n}`, inputMode: 'decimal' },
                  input: currencyAdornment(affix),
                }}
              />
              <IconButton aria-label={`Remove custom line ${n}`} onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}>
                <DeleteOutline />
              </IconButton>
            </Box>
          );
        })}
      </Stack>
      <Box>
        <Button
          size="small"
          startIcon={<Add />}
          onClick={() => setRows((rs) => [...rs, { key: newKey(), description: '', quantity: '1', unitPrice: '' }])}
        >
          Add line
        </Button>
      </Box>

      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label="Discount"
          value={kind}
          onChange={(_e, next: DiscountKind | null) => next && setKind(next)}
        >
          <ToggleButton value="none">No discount</ToggleButton>
          <ToggleButton value="amount">Amount</ToggleButton>
          <ToggleButton value="percent">Percent</ToggleButton>
        </ToggleButtonGroup>
        {kind !== 'none' && (
          <TextField
            label="Discount"
            size="small"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={Boolean((value ? discountError : undefined) ?? serverDiscountError)}
            helperText={(value ? discountError : undefined) ?? serverDiscountError}
            sx={{ width: 150 }}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: kind === 'amount' ? currencyAdornment(affix) : { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            }}
          />
        )}
      </Stack>

      <ServerErrors problem={problem} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="outlined" disabled={saving || !dirty || !rowsValid || Boolean(discountError)}>
          {saving ? 'Saving…' : 'Save lines'}
        </Button>
      </Box>
    </Stack>
  );
}
