import CreditCard from '@mui/icons-material/CreditCard';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { Project } from '../../../../shared/api/schema';
import { cardButtonLabel, paymentPartOf } from '../parts';
import { useCardPayment } from './CardPaymentProvider';

/**
 * The card button of an unpaid project card: 'Pay with Card' (CONTRACT §7), or 'Pay Deposit $X.XX' then
 * 'Pay Balance $Y.YY' on a project with a deposit (§11); needs a <CardPaymentProvider> above it.
 */
export function PayWithCardButton({ project }: { project: Project }) {
  const { start, openingId } = useCardPayment();
  const opening = openingId === project.id;
  return (
    <Button
      fullWidth
      variant="contained"
      onClick={() => start(project, paymentPartOf(project))}
      disabled={openingId !== null}
      aria-busy={opening || undefined}
      startIcon={opening ? <CircularProgress size={16} color="inherit" aria-hidden /> : <CreditCard />}
    >
      {cardButtonLabel(project)}
    </Button>
  );
}
