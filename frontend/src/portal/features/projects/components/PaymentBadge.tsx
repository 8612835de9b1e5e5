import { SmallChip } from '../../../../shared/ui/SmallChip';
import { CheckCircleIcon, ScheduleOutlinedIcon } from '../icons';

/** Green 'Paid' or amber 'Unpaid' (colours chosen for text contrast on their background). */
export function PaymentBadge({ paid }: { paid: boolean }) {
  return (
    <SmallChip
      label={paid ? 'Paid' : 'Unpaid'}
      icon={paid ? <CheckCircleIcon /> : <ScheduleOutlinedIcon />}
      data-status={paid ? 'paid' : 'unpaid'}
      sx={{
        fontWeight: 700,
        letterSpacing: '0.01em',
        boxShadow: '0 2px 8px rgba(15, 23, 42, 0.18)',
        ...(paid
          ? { bgcolor: '#15803d', color: '#fff', '& .MuiChip-icon': { color: '#fff' } }
          : { bgcolor: '#fbbf24', color: '#422006', '& .MuiChip-icon': { color: '#422006' } }),
      }}
    />
  );
}
