import Chip from '@mui/material/Chip';
import { INVOICE_STATUS } from '../format';
import type { InvoiceStatus } from '../types';

/** Open (amber), Paid (green), Void or Draft (grey): the theme's colours, white text on the coloured ones (AA). */
export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  const { label, color } = INVOICE_STATUS[status];
  return <Chip size="small" label={label} color={color} data-status={status} sx={{ fontWeight: 700 }} />;
}
