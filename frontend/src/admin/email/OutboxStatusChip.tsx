import Chip from '@mui/material/Chip';
import { statusColor, statusLabel } from './labels';

/** An outbox status: sent green, failed red, pending/sending amber, logged (not sent) grey. */
export function OutboxStatusChip({ status }: { status: string }) {
  const color = statusColor(status);
  return (
    <Chip
      label={statusLabel(status)}
      size="small"
      color={color}
      variant={color === 'success' || color === 'error' ? 'filled' : 'outlined'}
      data-status-color={color}
      sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
    />
  );
}
