import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useCreate, useUpdate } from 'react-admin';
import { textFieldProps } from '../../shared/forms/fields';
import { resolverFrom } from '../../shared/forms/validation';
import { useCurrencyAffix } from '../shared/money';
import { serverMessage, useAdminToast, showServerFieldErrors } from '../shared/toast';
import type { ServiceRecord } from './types';
import {
  normalizeCreditCost,
  SERVICE_MAX_LENGTH,
  serviceFormValues,
  toServiceData,
  validateService,
  type ServiceFormValues,
} from './validation';

export interface ServiceFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** the service being edited; absent: a new service */
  record?: ServiceRecord;
}

const resolver = resolverFrom(validateService);

/** Create and edit dialogs of the services catalogue (spec §2 "Admin Services", §5 "Service form"). */
export function ServiceFormDialog({ open, onClose, record }: ServiceFormDialogProps) {
  const editing = Boolean(record);
  const form = useForm<ServiceFormValues>({ defaultValues: serviceFormValues(record), resolver });
  const [create, { isPending: creating }] = useCreate<ServiceRecord>();
  const [update, { isPending: updating }] = useUpdate<ServiceRecord>();
  const toast = useAdminToast();
  const currency = useCurrencyAffix();
  const titleId = useId();
  const pending = creating || updating || form.formState.isSubmitting;

  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) form.reset(serviceFormValues(record));
    wasOpen.current = open;
  }, [open, record, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const data = toServiceData(values);
    try {
      if (record) {
        await update('services', { id: record.id, data, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
        toast({ title: 'Service updated successfully' });
      } else {
        await create('services', { data }, { returnPromise: true });
        toast({ title: 'Service created successfully' });
      }
      onClose();
    } catch (error) {
      showServerFieldErrors(form, values, error);
      toast({
        title: 'Error',
        description: serverMessage(error, record ? 'Failed to update service' : 'Failed to create service'),
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
        <DialogTitle id={titleId}>{editing ? 'Edit Service' : 'New Service'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.25} sx={{ pt: 1 }}>
            <TextField
              {...textFieldProps(form, 'name')}
              label="Service Name"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog's first field takes the focus when it opens (WAI-ARIA dialog pattern); MUI's Dialog would focus its container
              autoFocus
              slotProps={{ htmlInput: { maxLength: SERVICE_MAX_LENGTH.name } }}
            />
            <TextField
              {...textFieldProps(form, 'description')}
              label="Description"
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: SERVICE_MAX_LENGTH.description } }}
            />
            <TextField
              {...textFieldProps(form, 'price')}
              label={`Price (${currency.symbol})`}
              type="number"
              slotProps={{ htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' } }}
            />
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1 }}>
              <SwitchRow
                control={form.control}
                name="isStandard"
                label="Standard Service"
                hint="Standard services are part of your regular offering; turn off for a custom service."
              />
              <SwitchRow
                control={form.control}
                name="creditEligible"
                label="Credit Eligible"
                hint="Clients can pay for this service with prepaid credits."
              />
              <CreditCostField form={form} />
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} disabled={pending} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? 'Saving...' : editing ? 'Update Service' : 'Create Service'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function SwitchRow({
  control,
  name,
  label,
  hint,
}: {
  control: Control<ServiceFormValues>;
  name: 'isStandard' | 'creditEligible';
  label: string;
  hint: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box sx={{ py: 0.5 }}>
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
            label={<Typography sx={{ fontWeight: 600 }}>{label}</Typography>}
          />
          <Typography variant="body2" color="text.secondary" sx={{ pl: 6.5, mt: -0.5 }}>
            {hint}
          </Typography>
        </Box>
      )}
    />
  );
}

/** Credit Cost: shown while the service is credit eligible; empty becomes 1, never below 1. */
function CreditCostField({ form }: { form: ReturnType<typeof useForm<ServiceFormValues>> }) {
  const eligible = useWatch({ control: form.control, name: 'creditEligible' });
  const { onBlur, ...field } = textFieldProps(form, 'creditCost');
  return (
    <Collapse in={Boolean(eligible)} unmountOnExit>
      <Box sx={{ pt: 1.5, pb: 1 }}>
        <TextField
          {...field}
          onBlur={(event) => {
            form.setValue('creditCost', String(normalizeCreditCost(event.target.value)));
            return onBlur(event);
          }}
          label="Credit Cost"
          type="number"
          helperText={field.helperText ?? 'Credits a client spends on one unit of this service'}
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
      </Box>
    </Collapse>
  );
}
