import Chip from '@mui/material/Chip';

type ChipColor = 'success' | 'warning' | 'error' | 'info' | 'default';

/**
 * Spec §2: green for completed, yellow for pending, red for failed; CONTRACT §11's refunds: blue for a
 * partially refunded payment, grey for one refunded in full.
 */
const COLORS: Record<string, ChipColor> = {
  completed: 'success',
  pending: 'warning',
  partially_refunded: 'info',
  refunded: 'default',
};

export function statusColor(status: string): ChipColor {
  return COLORS[status] ?? 'error';
}

const LABELS: Record<string, string> = { partially_refunded: 'Partially refunded', refunded: 'Refunded' };
const label = (status: string) => LABELS[status] ?? (status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown');

export function PaymentStatusChip({ status }: { status: string }) {
  const color = statusColor(status);
  return (
    <Chip
      label={label(status)}
      size="small"
      color={color}
      variant={color === 'success' ? 'filled' : 'outlined'}
      data-status-color={color}
      sx={{ fontWeight: 600, minWidth: 88 }}
    />
  );
}
