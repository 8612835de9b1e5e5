import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatCredits } from '../../shared/ui/formatters';
import { serverFieldErrors, serverMessage, useAdminToast } from '../shared/toast';
import { useCreditsApi } from './dataProvider';
import { CLIENTS_KEY, CREDIT_PROJECTS_KEY, CREDIT_TRANSACTIONS_KEY } from './queries';
import type { AdjustmentType, ClientCreditsPage, ClientWithCredits, CreditAdjustment } from './types';

export interface AdjustCreditsDialogProps {
  /** the client whose credits are adjusted; null: closed */
  client: ClientWithCredits | null;
  onClose: () => void;
}

/** The balance after an adjustment, never below 0 in the display (spec §4). */
export function balanceAfter(balance: number, amount: number, type: AdjustmentType): number {
  return Math.max(0, type === 'add' ? balance + amount : balance - amount);
}

/**
 * Adjust Credits (spec §2): current balance, Add Credits or Remove Credits (default add), an amount
 * (opens at 0, minimum 1); Confirm is disabled while the amount is 0 or less or a request is pending.
 */
export function AdjustCreditsDialog({ client, onClose }: AdjustCreditsDialogProps) {
  const api = useCreditsApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const titleId = useId();
  const [type, setType] = useState<AdjustmentType>('add');
  const [amountText, setAmountText] = useState('0');
  // the server's message about the amount (e.g. a removal above the balance), under the field
  const [amountError, setAmountError] = useState<string | undefined>();
  // keeps the content while the dialog fades out
  const [shown, setShown] = useState<ClientWithCredits | null>(client);
  if (client && client !== shown) setShown(client);
  const current = client ?? shown;

  const open = client !== null;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      setType('add');
      setAmountText('0');
      setAmountError(undefined);
    }
    wasOpen.current = open;
  }, [open]);

  const adjust = useMutation({
    mutationFn: (adjustment: CreditAdjustment) => api.adjustCredits(adjustment),
    onSuccess: async ({ data }, adjustment) => {
      toast({
        title: 'Credits Adjusted',
        description:
          adjustment.type === 'add'
            ? 'Credits were added to the client successfully.'
            : 'Credits were removed from the client successfully.',
      });
      // the shown balance first (the server's when it says, never below 0), then everything refetched
      queryClient.setQueriesData<ClientCreditsPage>(
        { queryKey: CLIENTS_KEY },
        (page) =>
          page && {
            ...page,
            data: page.data.map((c) =>
              String(c.id) === String(adjustment.userId)
                ? {
                    ...c,
                    creditBalance: Number.isFinite(data.balance)
                      ? Math.max(0, data.balance)
                      : balanceAfter(c.creditBalance, adjustment.amount, adjustment.type),
                  }
                : c,
            ),
          },
      );
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: CREDIT_PROJECTS_KEY }),
        queryClient.invalidateQueries({ queryKey: CREDIT_TRANSACTIONS_KEY }),
      ]);
    },
    onError: (error) => {
      setAmountError(serverFieldErrors(error).amount);
      toast({ title: 'Error', description: serverMessage(error, 'Failed to adjust credits'), variant: 'destructive' });
    },
  });

  const amount = Number.parseInt(amountText, 10);
  const valid = Number.isFinite(amount) && amount > 0;
  const disabled = !valid || adjust.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // spec §5: an amount of 0 or less does nothing
    if (disabled || !client) return;
    adjust.mutate({ userId: client.id, amount, type });
  };

  const close = () => {
    if (!adjust.isPending) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => adjust.reset() } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Adjust Credits</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <Box sx={{ bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1.5 }}>
              <Typography variant="body2" color="text.secondary" noWrap>
                {current?.username}
                {current?.email ? ` · ${current.email}` : ''}
              </Typography>
              <Typography sx={{ mt: 0.5 }}>
                Current Balance:{' '}
                <Box component="strong" sx={{ fontWeight: 700 }} data-testid="adjust-current-balance">
                  {formatCredits(current?.creditBalance ?? 0)}
                </Box>
              </Typography>
            </Box>
            <FormControl>
              <FormLabel id={`${titleId}-type`} sx={{ fontWeight: 600, mb: 0.5 }}>
                Adjustment Type
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${titleId}-type`}
                name="type"
                value={type}
                onChange={(event) => {
                  setType(event.target.value as AdjustmentType);
                  setAmountError(undefined);
                }}
              >
                <FormControlLabel
                  value="add"
                  control={<Radio />}
                  label={
                    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                      <AddCircleOutline fontSize="small" color="success" />
                      Add Credits
                    </Box>
                  }
                />
                <FormControlLabel
                  value="remove"
                  control={<Radio />}
                  label={
                    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                      <RemoveCircleOutline fontSize="small" color="error" />
                      Remove Credits
                    </Box>
                  }
                />
              </RadioGroup>
            </FormControl>
            <TextField
              label="Amount"
              type="number"
              name="amount"
              value={amountText}
              onChange={(event) => {
                setAmountText(event.target.value);
                setAmountError(undefined);
              }}
              error={Boolean(amountError)}
              helperText={amountError}
              onFocus={(event) => event.target.select()}
              slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} disabled={adjust.isPending} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={disabled}>
            {adjust.isPending ? 'Saving...' : 'Confirm'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
