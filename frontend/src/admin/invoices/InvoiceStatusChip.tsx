import Chip from '@mui/material/Chip';
import type { InvoiceStatus } from './types';

type ChipColor = 'success' | 'warning' | 'error' | 'info' | 'default';

const LOOK: Record<InvoiceStatus, { label: string; color: ChipColor }> = {
  draft: { label: 'Draft', color: 'default' },
  open: { label: 'Open', color: 'info' },
  paid: { label: 'Paid', color: 'success' },
  void: { label: 'Void', color: 'default' },
};

/** An invoice's status: Draft, Open, Paid, Void. */
export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  const look = LOOK[status] ?? { label: status, color: 'default' as const };
  return (
    <Chip
      label={look.label}
      size="small"
      color={look.color}
      variant={look.color === 'success' ? 'filled' : 'outlined'}
      data-status-color={look.color}
      sx={{ fontWeight: 600, minWidth: 64 }}
    />
  );
}

/** The red 'Overdue' chip next to an overdue invoice's next due date. */
export function OverdueChip() {
  return <Chip label="Overdue" size="small" color="error" data-status-color="error" sx={{ fontWeight: 600 }} />;
}
