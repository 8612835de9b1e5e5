import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { formatCurrency } from '../../../../shared/ui/formatters';

/** The form's submit: 'Pay $X.XX', 'Processing...' while the payment is confirmed (CONTRACT §7). */
export function PayButton({ amount, pending, disabled }: { amount: number; pending: boolean; disabled?: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      sx={{ mt: 0.5, py: 1.25, fontSize: '1rem' }}
    >
      {pending ? 'Processing...' : `Pay ${formatCurrency(amount)}`}
    </Button>
  );
}
