import CreditCard from '@mui/icons-material/CreditCard';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { Project } from '../../../../shared/api/schema';
import { useCardPayment } from './CardPaymentProvider';

/** 'Pay with Card' on an unpaid project card (CONTRACT §7); needs a <CardPaymentProvider> above it. */
export function PayWithCardButton({ project }: { project: Project }) {
  const { start, openingId } = useCardPayment();
  const opening = openingId === project.id;
  return (
    <Button
      fullWidth
      variant="contained"
      onClick={() => start(project)}
      disabled={openingId !== null}
      aria-busy={opening || undefined}
      startIcon={opening ? <CircularProgress size={16} color="inherit" aria-hidden /> : <CreditCard />}
    >
      Pay with Card
    </Button>
  );
}
