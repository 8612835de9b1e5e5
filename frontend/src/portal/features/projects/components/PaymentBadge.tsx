import CheckCircle from '@mui/icons-material/CheckCircle';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Chip from '@mui/material/Chip';

/** Green 'Paid' or amber 'Unpaid', in the theme's success and warning colours (white text, AA contrast). */
export function PaymentBadge({ paid }: { paid: boolean }) {
  return (
    <Chip
      size="small"
      label={paid ? 'Paid' : 'Unpaid'}
      icon={paid ? <CheckCircle /> : <ScheduleOutlined />}
      color={paid ? 'success' : 'warning'}
      data-status={paid ? 'paid' : 'unpaid'}
      sx={{ fontWeight: 700, letterSpacing: '0.01em', boxShadow: '0 2px 8px rgba(15, 23, 42, 0.18)' }}
    />
  );
}
