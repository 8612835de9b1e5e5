import Chip from '@mui/material/Chip';

/** Spec §2: green for completed, yellow for pending, red otherwise. */
export function statusColor(status: string): 'success' | 'warning' | 'error' {
  if (status === 'completed') return 'success';
  if (status === 'pending') return 'warning';
  return 'error';
}

const label = (status: string) => (status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown');

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
