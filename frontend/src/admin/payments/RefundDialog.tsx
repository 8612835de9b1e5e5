import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { HttpError, useNotify, useRefresh } from 'react-admin';
import { formatCurrency, formatDate } from '../../shared/ui/formatters';
import { useRefundsApi } from './refundsApi';
import { paidFor } from './paidFor';
import { isRefundable, refundableOf, type Payment } from './types';

export interface RefundDialogProps {
  /** the payment refunded or looked at; null: closed */
  payment: Payment | null;
  onClose: () => void;
}

/**
 * The server's refusal: its sentence and the fields it names (react-admin's HttpError carries the body).
 * Read here rather than with the back office's toast helpers, whose module would add its dependencies to
 * the list Payment History preloads with this chunk.
 */
function refusal(error: unknown): { message: string; fields: Record<string, string> } {
  const body = (error instanceof HttpError ? error.body : undefined) as { message?: unknown; errors?: Record<string, unknown> } | undefined;
  const message = typeof body?.message === 'string' && body.message ? body.message : 'The refund failed. Please try again.';
  const fields = Object.fromEntries(Object.entries(body?.errors ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { message, fields };
}

/** An amount typed in dollars: a number above 0 with at most 2 decimals, else the sentence that says why. */
export function amountProblem(text: string, refundable: number): string | undefined {
  const value = text.trim();
  if (!value) return 'Amount is required';
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return 'Amount must be an amount in dollars with at most 2 decimals';
  const amount = Number(value);
  if (amount <= 0) return 'Refund amount must be more than 0';
  if (Math.round(amount * 100) > Math.round(refundable * 100))
    return `The refund cannot be more than the ${formatCurrency(refundable)} still refundable`;
  return undefined;
}

/**
 * 'Refund' on a row of Payment History (CONTRACT §11): the payment, the refunds it already had, and a
 * form asking the amount (the refundable rest to start with) and a 'Reason' (required). The server has
 * the last word: its refusal (a card provider that fails the refund, a client who spent a bundle's
 * credits) is shown in the dialog and under the field it names. A payment refunded in full opens the
 * same dialog with its refunds only. Loaded on the first click (its own chunk: decision 0032).
 */
export default function RefundDialog({ payment, onClose }: RefundDialogProps) {
  const api = useRefundsApi();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const notify = useNotify();
  const titleId = useId();
  // keeps the content while the dialog fades out
  const [shown, setShown] = useState<Payment | null>(payment);
  if (payment && payment !== shown) setShown(payment);
  const current = payment ?? shown;
  const refundable = current ? refundableOf(current) : 0;
  const canRefund = current ? isRefundable(current) : false;

  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  const open = payment !== null;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current && payment) {
      setAmountText(refundableOf(payment).toFixed(2));
      setReason('');
      setTouched(false);
      setServerError(null);
    }
    wasOpen.current = open;
  }, [open, payment]);

  const refunds = useQuery({
    queryKey: ['payments', current?.id, 'refunds'],
    queryFn: () => api.listRefunds(current!.id).then((r) => r.data),
    enabled: open && current !== null && (current.refundedAmount ?? 0) > 0,
  });

  const refund = useMutation({
    mutationFn: (body: { amount: number; reason: string }) => api.refundPayment(current!.id, body),
    onSuccess: async ({ data }) => {
      notify(`Payment refunded: ${formatCurrency(data.amount)}`, { type: 'success' });
      onClose();
      refresh();
      await queryClient.invalidateQueries({ queryKey: ['payments'] });
    },
    onError: (error) => setServerError(refusal(error)),
  });

  const amountError = touched ? amountProblem(amountText, refundable) : undefined;
  const reasonError = touched && !reason.trim() ? 'Reason is required' : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (!current || refund.isPending || amountProblem(amountText, refundable) || !reason.trim()) return;
    refund.mutate({ amount: Number(amountText.trim()), reason: reason.trim() });
  };
  const close = () => {
    if (!refund.isPending) onClose();
  };

  const typed = Number(amountText);
  const submitLabel = Number.isFinite(typed) && typed > 0 ? `Refund ${formatCurrency(typed)}` : 'Refund';

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => refund.reset() } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{canRefund ? 'Refund Payment' : 'Refunds'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <Box sx={{ bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1.5 }}>
              <Typography fontWeight={600} sx={{ wordBreak: 'break-word' }}>
                #{current?.id} · {current ? paidFor(current) : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {current?.clientName} · {current?.method} · {current ? formatDate(current.paymentDate) : ''}
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                Paid <strong>{formatCurrency(current?.amount ?? 0)}</strong>
                {(current?.refundedAmount ?? 0) > 0 && (
                  <>
                    {' '}
                    · refunded <strong>{formatCurrency(current?.refundedAmount ?? 0)}</strong>
                  </>
                )}{' '}
                · refundable <strong data-testid="refundable">{formatCurrency(refundable)}</strong>
              </Typography>
            </Box>

            {(current?.refundedAmount ?? 0) > 0 && (
              <Box>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                  Refunds
                </Typography>
                {refunds.isPending ? (
                  <Typography variant="body2" color="text.secondary">
                    Loading refunds...
                  </Typography>
                ) : refunds.isError ? (
                  <Alert severity="error">Failed to load the refunds.</Alert>
                ) : (
                  <Box component="ul" aria-label="Refunds" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                    {refunds.data.map((r) => (
                      <Box
                        component="li"
                        key={r.id}
                        sx={{ display: 'flex', gap: 2, py: 0.75, borderTop: 1, borderColor: 'divider', alignItems: 'baseline' }}
                      >
                        <Typography variant="body2" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                          {formatDate(r.createdAt)}
                        </Typography>
                        <Typography variant="body2" sx={{ flex: 1, wordBreak: 'break-word' }}>
                          {r.reason}
                          {r.status === 'pending' ? ' (pending)' : ''}
                        </Typography>
                        <Typography variant="body2" fontWeight={600} sx={{ whiteSpace: 'nowrap' }}>
                          {formatCurrency(r.amount)}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                )}
              </Box>
            )}

            {serverError && (
              <Alert severity="error" role="alert">
                {serverError.message}
              </Alert>
            )}

            {canRefund && (
              <>
                <TextField
                  label="Amount"
                  name="amount"
                  value={amountText}
                  onChange={(event) => {
                    setAmountText(event.target.value);
                    setServerError(null);
                  }}
                  required
                  error={Boolean(amountError ?? serverError?.fields.amount)}
                  helperText={amountError ?? serverError?.fields.amount ?? `Up to ${formatCurrency(refundable)}`}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
                <TextField
                  label="Reason"
                  name="reason"
                  value={reason}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setServerError(null);
                  }}
                  required
                  multiline
                  minRows={2}
                  error={Boolean(reasonError ?? serverError?.fields.reason)}
                  helperText={reasonError ?? serverError?.fields.reason ?? 'Kept with the refund and in the activity log'}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} disabled={refund.isPending} color="inherit">
            {canRefund ? 'Cancel' : 'Close'}
          </Button>
          {canRefund && (
            <Button type="submit" variant="contained" color="error" disabled={refund.isPending}>
              {refund.isPending ? 'Refunding...' : submitLabel}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
