import CheckCircle from '@mui/icons-material/CheckCircle';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Chip from '@mui/material/Chip';

/** Green 'Paid' or amber 'Unpaid' (colours chosen for text contrast on their background). */
export function PaymentBadge({ paid }: { paid: boolean }) {
  return (
    <Chip
      size="small"
      label={paid ? 'Paid' : 'Unpaid'}
      icon={paid ? <CheckCircle /> : <ScheduleOutlined />}
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
