import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { textFieldProps } from '../../shared/forms/fields';
import { resolverFrom } from '../../shared/forms/validation';
import { currencyAdornment, useCurrencyAffix } from '../shared/money';
import { serverMessage, useAdminToast, showServerFieldErrors } from '../shared/toast';
import { BUNDLE_MAX_LENGTH, bundleFormValues, toBundleData, validateBundle, type BundleFormValues } from './bundleForm';
import { useCreditsApi } from './dataProvider';
import { CREDITS_KEY } from './queries';
import type { CreditBundle, CreditBundleData } from './types';

export interface BundleFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** the bundle being edited; absent: a new bundle */
  record?: CreditBundle;
}

const resolver = resolverFrom(validateBundle);

/** Create Bundle and Edit Bundle dialogs (spec §2 "Admin Bundles", §5 "Bundle form"). */
export function BundleFormDialog({ open, onClose, record }: BundleFormDialogProps) {
  const editing = Boolean(record);
  const form = useForm<BundleFormValues>({ defaultValues: bundleFormValues(record), resolver });
  const api = useCreditsApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const currency = useCurrencyAffix();
  const titleId = useId();

  const save = useMutation({
    mutationFn: (data: CreditBundleData) => (record ? api.updateCreditBundle(record.id, data) : api.createCreditBundle(data)),
  });
  const pending = save.isPending || form.formState.isSubmitting;

  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      form.reset(bundleFormValues(record));
      save.reset();
    }
    wasOpen.current = open;
  }, [open, record, form, save]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toBundleData(values));
      toast({ title: record ? 'Credit Bundle Updated' : 'Credit Bundle Created' });
      await queryClient.invalidateQueries({ queryKey: CREDITS_KEY });
      onClose();
    } catch (error) {
      showServerFieldErrors(form, values, error);
      toast({
        title: 'Error',
        description: serverMessage(error, record ? 'Failed to update credit bundle' : 'Failed to create credit bundle'),
        variant: 'destructive',
      });
    }
  });

  const close = () => {
    if (!pending) onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{editing ? 'Edit Bundle' : 'Create Bundle'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.25} sx={{ pt: 1 }}>
            <TextField
              {...textFieldProps(form, 'name')}
              label="Name"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog's first field takes the focus when it opens (WAI-ARIA dialog pattern); MUI's Dialog would focus its container
              autoFocus
              slotProps={{ htmlInput: { maxLength: BUNDLE_MAX_LENGTH.name } }}
            />
            <TextField
              {...textFieldProps(form, 'description')}
              label="Description"
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: BUNDLE_MAX_LENGTH.description } }}
            />
            <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                {...textFieldProps(form, 'creditAmount')}
                label="Credit Amount"
                type="number"
                slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
              />
              <TextField
                {...textFieldProps(form, 'price')}
                label={`Price (${currency.symbol})`}
                type="number"
                slotProps={{
                  htmlInput: { min: 1, step: '0.01', inputMode: 'decimal' },
                  input: currencyAdornment(currency),
                }}
              />
            </Box>
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => (
                <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1 }}>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={Boolean(field.value)}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                        name={field.name}
                      />
                    }
                    label={<Typography sx={{ fontWeight: 600 }}>Make this bundle available for purchase</Typography>}
                  />
                </Box>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} disabled={pending} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? 'Saving...' : editing ? 'Update Bundle' : 'Create Bundle'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
