import Close from '@mui/icons-material/Close';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { Component, lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ApiError, serverMessageOf } from '../../../../shared/api/client';
import type { CreditBundle, Project, PurchaseCreditsResponse, TestPaymentMethod, User } from '../../../../shared/api/schema';
import { formatCurrency } from '../../../../shared/ui/formatters';
import { brand } from '../../../../shared/ui/theme';
import { useToast } from '../../../../shared/ui/toast';
import { CURRENT_USER_KEY } from '../../auth/api';
import { creditsApi } from '../../credits/api';
import { refreshCreditBalances } from '../../credits/hooks';
import {
  classifyResult,
  GENERIC_PAYMENT_ERROR,
  intentIdFromClientSecret,
  PAYMENT_SYSTEM_ERROR,
  resultFromEmulatedIntent,
  type CardPaymentResult,
  type PaymentOutcome,
} from '../helpers';
import { useConfirmPayment, useConfirmTestCard, usePaymentConfig } from '../dialogHooks';
import { refreshProjectLists, type PaymentSession } from '../hooks';
import { TestCardForm } from './TestCardForm';

// Stripe.js and its React bindings load only when a dialog opens in Stripe mode.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

export interface PaymentDialogProps {
  /** the attempt to pay; the dialog shows nothing without one */
  session: PaymentSession | null;
  open: boolean;
  onClose: () => void;
  /** after the closing transition (the session can be cleared then) */
  onExited?: () => void;
  /** a project payment succeeded and the server recorded it */
  onPaid?: (project: Project) => void;
  /** a bundle payment succeeded and the credits were added */
  onPurchased?: (bundle: CreditBundle, result: PurchaseCreditsResponse) => void;
}

/**
 * The card payment dialog: what is paid for (a project or a credit bundle), the amount, the card form of
 * the server's payment mode, and the result.
 */
export function PaymentDialog({ session, open, onClose, onExited, onPaid, onPurchased }: PaymentDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const close = () => {
    // a payment being confirmed cannot be walked away from by Escape or a click outside
    if (!busy) onClose();
  };

  return (
    <Dialog
      open={open && session !== null}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      fullScreen={phone}
      slotProps={{ transition: { onExited } }}
    >
      {session && (
        <PaymentDialogContent
          key={session.paymentIntentId}
          titleId={titleId}
          session={session}
          busy={busy}
          setBusy={setBusy}
          onClose={close}
          onPaid={onPaid}
          onPurchased={onPurchased}
        />
      )}
    </Dialog>
  );
}

interface ContentProps {
  titleId: string;
  session: PaymentSession;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onClose: () => void;
  onPaid?: (project: Project) => void;
  onPurchased?: (bundle: CreditBundle, result: PurchaseCreditsResponse) => void;
}

function PaymentDialogContent({ titleId, session, busy, setBusy, onClose, onPaid, onPurchased }: ContentProps) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const confirmPayment = useConfirmPayment();
  const confirmTestCard = useConfirmTestCard();
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const running = useRef(false);
  const { amount } = session;

  /** Bundle purchase: the card payment succeeded, now the credits are added (spec §4 "Credit purchase"). */
  const recordPurchase = async (bundle: CreditBundle, stripePaymentId: string) => {
    try {
      const result = await creditsApi.purchase({ bundleId: bundle.id, stripePaymentId });
      const user = queryClient.getQueryData<User | null>(CURRENT_USER_KEY);
      void refreshCreditBalances(queryClient, user?.id, result?.creditBalance);
      toast({ title: 'Purchase Successful', description: 'Your credits have been added to your account' });
      onPurchased?.(bundle, result);
    } catch (error) {
      toast({
        title: 'Purchase Failed',
        description: serverMessageOf(error, 'Payment processed but failed to add your credits. Please contact support.'),
        variant: 'destructive',
      });
      setOutcome({ kind: 'unconfirmed' });
      void refreshCreditBalances(queryClient);
    }
  };

  /** A bundle payment that did not go through is also toasted 'Purchase Failed' (spec §8). */
  const showOutcome = (next: PaymentOutcome) => {
    setOutcome(next);
    if (session.bundle && (next.kind === 'failed' || next.kind === 'error')) {
      toast({ title: 'Purchase Failed', description: next.message, variant: 'destructive' });
    }
  };

  /** Runs one card confirmation and turns its result into the next step (spec §4 "Card payment result"). */
  const run = async (confirm: () => Promise<CardPaymentResult | null | undefined>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setOutcome(null);
    try {
      const verdict = classifyResult(await confirm());
      if (verdict.kind !== 'succeeded') {
        showOutcome(verdict);
        return;
      }
      if (session.bundle) {
        await recordPurchase(session.bundle, verdict.paymentIntentId || session.paymentIntentId);
        return;
      }
      const { project } = session;
      try {
        const response = await confirmPayment.mutateAsync({
          projectId: project.id,
          paymentIntentId: verdict.paymentIntentId || session.paymentIntentId,
        });
        toast({ title: 'Payment Successful', description: 'Your payment has been processed.' });
        onPaid?.(response?.project ?? { ...project, isPaid: true });
      } catch {
        toast({
          title: 'Payment Confirmation Failed',
          description: 'Payment processed but failed to update project. Please contact support.',
          variant: 'destructive',
        });
        setOutcome({ kind: 'unconfirmed' });
        void refreshProjectLists(queryClient);
      }
    } catch {
      showOutcome({ kind: 'error', message: GENERIC_PAYMENT_ERROR });
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const payWithTestCard = (paymentMethod: TestPaymentMethod) =>
    void run(async () => {
      try {
        const intent = await confirmTestCard.mutateAsync({
          paymentIntentId: intentIdFromClientSecret(session.clientSecret),
          paymentMethod,
        });
        return resultFromEmulatedIntent(intent);
      } catch (error) {
        // a refusal with a reason (e.g. the intent was already used) reads like Stripe's own errors
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage) {
          return { error: { message: error.serverMessage } };
        }
        throw error;
      }
    });

  return (
    <>
      <DialogTitle id={titleId} sx={{ pr: 7, pb: 1, fontWeight: 700 }}>
        Complete Payment
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={onClose}
        disabled={busy}
        sx={{ position: 'absolute', right: 12, top: 12, color: 'text.secondary' }}
      >
        <Close />
      </IconButton>
      <DialogContent sx={{ pt: 0.5, display: 'grid', gap: 2.5, alignContent: 'start' }}>
        {session.bundle ? (
          <AmountPanel
            label="Credit bundle"
            name={`${session.bundle.name} · ${session.bundle.creditAmount} ${session.bundle.creditAmount === 1 ? 'credit' : 'credits'}`}
            amountLabel="Total"
            amount={amount}
          />
        ) : (
          <AmountPanel
            label="Project"
            name={session.project.name}
            amountLabel={
              session.part === 'deposit'
                ? 'Deposit due'
                : session.part === 'next' || session.part === 'installment'
                  ? 'Installment due'
                  : 'Amount due'
            }
            amount={amount}
          />
        )}
        {outcome && <OutcomeAlert outcome={outcome} bundle={Boolean(session.bundle)} />}
        {outcome?.kind === 'unconfirmed' ? (
          <Button variant="contained" size="large" fullWidth onClick={onClose}>
            Close
          </Button>
        ) : (
          <CardFormForMode session={session} pending={busy} onTestCard={payWithTestCard} onConfirm={(confirm) => void run(confirm)} />
        )}
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.75, pb: 0.5 }}
        >
          <LockOutlined sx={{ fontSize: 16 }} aria-hidden />
          Payments are processed securely
        </Typography>
      </DialogContent>
    </>
  );
}

function AmountPanel({ label, name, amountLabel, amount }: { label: string; name: string; amountLabel: string; amount: number }) {
  return (
    <Box
      sx={{
        borderRadius: 3,
        px: 2.5,
        py: 2,
        color: '#fff',
        background: `linear-gradient(135deg, ${brand.primaryDark} 0%, ${brand.primary} 55%, ${brand.primaryLight} 100%)`,
        boxShadow: '0 10px 24px rgba(30, 58, 138, 0.25)',
      }}
    >
      <Typography variant="overline" sx={{ opacity: 0.8, lineHeight: 1.6, letterSpacing: '0.08em' }}>
        {label}
      </Typography>
      <Typography variant="subtitle1" component="p" fontWeight={600} sx={{ wordBreak: 'break-word', lineHeight: 1.35 }}>
        {name}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 1.5,
          pt: 1.5,
          borderTop: '1px solid rgba(255, 255, 255, 0.2)',
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Typography component="dt" variant="body2" sx={{ opacity: 0.85 }}>
          {amountLabel}
        </Typography>
        <Typography component="dd" variant="h4" sx={{ m: 0, fontWeight: 700, letterSpacing: '-0.02em' }} data-testid="amount-due">
          {formatCurrency(amount)}
        </Typography>
      </Box>
    </Box>
  );
}

function OutcomeAlert({ outcome, bundle = false }: { outcome: PaymentOutcome; bundle?: boolean }) {
  switch (outcome.kind) {
    case 'failed':
      return (
        <Alert severity="error" role="alert">
          <AlertTitle>Payment Failed</AlertTitle>
          {outcome.message} Please check your card details or try another card.
        </Alert>
      );
    case 'processing':
      return (
        <Alert severity="info" role="status">
          <AlertTitle>Payment Processing</AlertTitle>
          Your payment is being processed (status: {outcome.status}).{' '}
          {bundle ? 'Your credits will be added once it completes.' : 'Your project will update once it completes.'}
        </Alert>
      );
    case 'unknown':
      return (
        <Alert severity="warning" role="alert">
          <AlertTitle>Payment Status Unknown</AlertTitle>
          We could not tell whether your payment went through. Please refresh your projects before trying again.
        </Alert>
      );
    case 'unconfirmed':
      return (
        <Alert severity="warning" role="status">
          <AlertTitle>Payment received</AlertTitle>
          {bundle
            ? 'Payment processed but failed to add your credits. Please contact support.'
            : 'Payment processed but failed to update project. Please contact support.'}
        </Alert>
      );
    case 'error':
      return (
        <Alert severity="error" role="alert">
          {outcome.message}
        </Alert>
      );
  }
}

function CardFormForMode({
  session,
  pending,
  onTestCard,
  onConfirm,
}: {
  session: PaymentSession;
  pending: boolean;
  onTestCard: (paymentMethod: TestPaymentMethod) => void;
  onConfirm: (confirm: () => Promise<CardPaymentResult | null | undefined>) => void;
}) {
  const config = usePaymentConfig();
  const { toast } = useToast();
  const mode = config.data?.paymentMode ?? 'emulator';
  const key = config.data?.stripePublishableKey ?? null;
  const unusable = config.isError || (config.isSuccess && mode === 'stripe' && !key);

  useEffect(() => {
    if (unusable) toast({ title: 'Payment Error', description: PAYMENT_SYSTEM_ERROR, variant: 'destructive' });
  }, [unusable, toast]);

  if (config.isPending) return <FormLoading />;
  if (unusable) return <PaymentSystemError />;
  if (mode === 'stripe' && key) {
    return (
      <LoadBoundary
        fallback={<PaymentSystemError />}
        onError={() => toast({ title: 'Payment Error', description: PAYMENT_SYSTEM_ERROR, variant: 'destructive' })}
      >
        <Suspense fallback={<FormLoading />}>
          <StripeCardForm
            publishableKey={key}
            clientSecret={session.clientSecret}
            amount={session.amount}
            pending={pending}
            onConfirm={onConfirm}
          />
        </Suspense>
      </LoadBoundary>
    );
  }
  return <TestCardForm amount={session.amount} pending={pending} onPay={onTestCard} />;
}

function FormLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: 4 }}>
      <CircularProgress size={22} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        Loading payment form...
      </Typography>
    </Box>
  );
}

function PaymentSystemError() {
  return (
    <Alert severity="error" role="alert">
      {PAYMENT_SYSTEM_ERROR}
    </Alert>
  );
}

/** Catches a failed load of the lazy Stripe chunk (e.g. after a deploy) instead of blanking the page. */
class LoadBoundary extends Component<{ children: ReactNode; fallback: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
