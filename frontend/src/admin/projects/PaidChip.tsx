import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Chip from '@mui/material/Chip';

/** Paid / Unpaid status chip. */
export function PaidChip({ isPaid }: { isPaid: boolean }) {
  return isPaid ? (
    <Chip label="Paid" size="small" color="success" icon={<CheckCircleOutline />} sx={{ fontWeight: 600 }} />
  ) : (
    <Chip label="Unpaid" size="small" color="warning" variant="outlined" icon={<ScheduleOutlined />} sx={{ fontWeight: 600 }} />
  );
}
