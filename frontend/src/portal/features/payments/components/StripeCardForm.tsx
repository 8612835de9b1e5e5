/**
 * Stripe mode's card form. Loaded with React.lazy only when a payment dialog opens in Stripe mode, so
 * neither Stripe.js nor its React bindings are part of the portal's other chunks (STACK-NOTES).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { brand } from '../../../../shared/ui/theme';
import { useToast } from '../../../../shared/ui/toast';
import { PAYMENT_SYSTEM_ERROR, type CardPaymentResult } from '../helpers';
import { PayButton } from './PayButton';

/** How long Stripe.js may take to load before the form gives up (it never settles on some networks). */
export const STRIPE_LOAD_TIMEOUT_MS = 20_000;

const loading = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per publishable key; a failed load is forgotten so that a later try can succeed. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loading.get(publishableKey);
  if (!promise) {
    promise = new Promise<Stripe | null>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Stripe.js took too long to load')), STRIPE_LOAD_TIMEOUT_MS);
      loadStripe(publishableKey).then(
        (stripe) => {
          clearTimeout(timer);
          resolve(stripe);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
    loading.set(publishableKey, promise);
    promise.then(
      (stripe) => {
        if (!stripe) loading.delete(publishableKey);
      },
      () => loading.delete(publishableKey),
    );
  }
  return promise;
}

export interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  /** dollars */
  amount: number;
  pending: boolean;
  /** runs the confirmation; the dialog interprets its result */
  onConfirm: (confirm: () => Promise<CardPaymentResult | null | undefined>) => void;
}

type LoadState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const { toast } = useToast();
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    const fail = () => {
      if (!live) return;
      setState({ status: 'failed' });
      toast({ title: 'Payment Error', description: PAYMENT_SYSTEM_ERROR, variant: 'destructive' });
    };
    // the promise is checked before <Elements> renders: a rejected or empty load shows the error instead
    stripeFor(publishableKey).then((stripe) => (stripe ? live && setState({ status: 'ready', stripe }) : fail()), fail);
    return () => {
      live = false;
    };
  }, [publishableKey, toast]);

  if (state.status === 'loading') {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: 4 }}>
        <CircularProgress size={22} aria-hidden />
        <Typography variant="body2" color="text.secondary">
          Loading secure card form...
        </Typography>
      </Box>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert severity="error" role="alert">
        {PAYMENT_SYSTEM_ERROR}
      </Alert>
    );
  }
  return (
    <Elements stripe={state.stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ clientSecret, amount, pending, onConfirm }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const { toast } = useToast();
  const labelId = useId();
  const [focused, setFocused] = useState(false);
  const [complete, setComplete] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const card = elements?.getElement(CardElement);
    if (!stripe || !elements || !card) {
      toast({ title: 'Payment Error', description: PAYMENT_SYSTEM_ERROR, variant: 'destructive' });
      return;
    }
    onConfirm(() => stripe.confirmCardPayment(clientSecret, { payment_method: { card } }));
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Card details" sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography id={labelId} component="label" variant="body2" fontWeight={600} sx={{ display: 'block', mb: 0.75 }}>
          Card details
        </Typography>
        <Box
          role="group"
          aria-labelledby={labelId}
          sx={{
            px: 1.75,
            py: 1.75,
            border: 1,
            borderRadius: 1,
            borderColor: fieldError ? 'error.main' : focused ? 'primary.main' : 'rgba(0, 0, 0, 0.23)',
            boxShadow: focused ? `0 0 0 1px ${brand.primary}` : 'none',
            transition: 'border-color 120ms ease, box-shadow 120ms ease',
            bgcolor: pending ? 'action.hover' : 'background.paper',
          }}
        >
          <CardElement
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onChange={(event) => {
              setComplete(event.complete);
              setFieldError(event.error?.message ?? null);
            }}
            options={{
              disabled: pending,
              hidePostalCode: true,
              style: {
                base: {
                  fontSize: '16px',
                  color: brand.text,
                  fontFamily: 'Inter, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
                  '::placeholder': { color: '#94a3b8' },
                },
                invalid: { color: '#b91c1c' },
              },
            }}
          />
        </Box>
        {fieldError && (
          <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 0.75, ml: 1.75 }}>
            {fieldError}
          </Typography>
        )}
      </Box>
      <PayButton amount={amount} pending={pending} disabled={!stripe || (!complete && Boolean(fieldError))} />
    </Box>
  );
}
