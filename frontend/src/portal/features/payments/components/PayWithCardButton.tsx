import CreditCard from '@mui/icons-material/CreditCard';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import type { BilledProject, CardPaymentPart } from '../../invoices/types';
import { cardButtonLabel, payEverythingLabel, paymentPartOf } from '../parts';
import { useCardPayment } from './CardPaymentProvider';

/**
 * The card button of an unpaid project card: 'Pay with Card' (CONTRACT §7), 'Pay Deposit $X.XX' then
 * 'Pay Balance $Y.YY' on a project with a deposit (§11), 'Pay Installment 2 of 3 — $Y.YY' on a schedule
 * (§14), with 'Pay everything owed ($Z.ZZ)' beside it while the next installment is less than what is
 * owed; needs a <CardPaymentProvider> above it.
 */
export function PayWithCardButton({ project }: { project: BilledProject }) {
  const { start, openingId } = useCardPayment();
  // which of the two buttons started the opening: that one shows the progress
  const [clicked, setClicked] = useState<'main' | 'all'>('main');
  const opening = openingId === project.id;
  const everything = payEverythingLabel(project);
  const pay = (which: 'main' | 'all', part: CardPaymentPart | undefined) => {
    setClicked(which);
    start(project, part);
  };
  const progress = <CircularProgress size={16} color="inherit" aria-hidden />;
  return (
    <>
      <Button
        fullWidth
        variant="contained"
        onClick={() => pay('main', paymentPartOf(project))}
        disabled={openingId !== null}
        aria-busy={(opening && clicked === 'main') || undefined}
        startIcon={opening && clicked === 'main' ? progress : <CreditCard />}
      >
        {cardButtonLabel(project)}
      </Button>
      {everything && (
        <Button
          fullWidth
          variant="outlined"
          onClick={() => pay('all', 'balance')}
          disabled={openingId !== null}
          aria-busy={(opening && clicked === 'all') || undefined}
          startIcon={opening && clicked === 'all' ? progress : undefined}
        >
          {everything}
        </Button>
      )}
    </>
  );
}
