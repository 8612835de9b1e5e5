import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { textFieldProps } from '../../shared/forms/fields';
import { resolverFrom } from '../../shared/forms/validation';
import { serverMessage, showServerFieldErrors, useAdminToast } from '../shared/toast';
import { useIntegrationsApi } from './dataProvider';
import {
  DESCRIPTION_MAX,
  endpointFormValues,
  SUBSCRIBABLE_EVENTS,
  toEndpointRequest,
  URL_MAX,
  validateEndpoint,
  type EndpointFormValues,
} from './forms';
import { ENDPOINTS_KEY } from './queries';
import { SecretRevealStep } from './SecretReveal';
import type { CreatedWebhookEndpoint, WebhookEndpoint, WebhookEventType } from './types';

const resolver = resolverFrom(validateEndpoint);

export interface EndpointFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** the endpoint being edited; null: a new endpoint */
  endpoint: WebhookEndpoint | null;
}

/** 'Add endpoint' (then its signing secret, once) and 'Edit endpoint': URL, events, description. */
export function EndpointFormDialog({ open, onClose, endpoint }: EndpointFormDialogProps) {
  const api = useIntegrationsApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const form = useForm<EndpointFormValues>({ defaultValues: endpointFormValues(endpoint), resolver });
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const eventsId = useId();
  const save = useMutation({
    mutationFn: (values: EndpointFormValues) =>
      endpoint ? api.updateWebhookEndpoint(endpoint.id, toEndpointRequest(values)) : api.createWebhookEndpoint(toEndpointRequest(values)),
  });
  const pending = save.isPending || form.formState.isSubmitting;

  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      form.reset(endpointFormValues(endpoint));
      setCreated(null);
      setFailure(null);
    }
    wasOpen.current = open;
  }, [open, endpoint, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(values);
      await queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY });
      if (endpoint) {
        toast({ title: 'Endpoint updated' });
        onClose();
      } else {
        toast({ title: 'Endpoint added' });
        setCreated(saved as CreatedWebhookEndpoint);
      }
    } catch (error) {
      showServerFieldErrors(form, values, error);
      setFailure(serverMessage(error, endpoint ? 'Failed to update the endpoint' : 'Failed to add the endpoint'));
    }
  });

  const close = () => {
    if (!pending) onClose();
  };

  // events the endpoint has that the checkboxes do not offer (e.g. `ping`, set through the API) are kept
  const extraEvents = (endpoint?.events ?? []).filter((e) => !SUBSCRIBABLE_EVENTS.includes(e));

  return (
    <Dialog open={open} onClose={created ? undefined : close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {created ? (
        <>
          <DialogTitle id={titleId}>Your endpoint&apos;s signing secret</DialogTitle>
          <SecretRevealStep
            label={`Signing secret for ${created.url}`}
            secret={created.secret}
            hint="Check the Studio-Signature header of each delivery with it (HMAC-SHA256 of the timestamp, a dot and the raw body)."
            onDone={onClose}
          />
        </>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <DialogTitle id={titleId}>{endpoint ? 'Edit endpoint' : 'Add endpoint'}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.25} sx={{ pt: 1 }}>
              {failure && <Alert severity="error">{failure}</Alert>}
              <TextField
                {...textFieldProps(form, 'url')}
                label="URL"
                type="url"
                placeholder="https://example.com/webhooks/studio"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog's first field takes the focus when it opens (WAI-ARIA dialog pattern)
                autoFocus
                slotProps={{ htmlInput: { maxLength: URL_MAX, inputMode: 'url', autoComplete: 'off' } }}
              />
              <TextField
                {...textFieldProps(form, 'description')}
                label="Description (optional)"
                slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
              />
              <Controller
                control={form.control}
                name="events"
                render={({ field, fieldState }) => {
                  const toggle = (event: WebhookEventType, on: boolean) =>
                    field.onChange(on ? [...field.value, event] : field.value.filter((e) => e !== event));
                  return (
                    <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                      <FormLabel component="legend" id={eventsId}>
                        Events
                      </FormLabel>
                      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                        {SUBSCRIBABLE_EVENTS.map((event, index) => (
                          <FormControlLabel
                            key={event}
                            label={
                              <Box
                                component="span"
                                sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.875rem' }}
                              >
                                {event}
                              </Box>
                            }
                            control={
                              <Checkbox
                                checked={field.value.includes(event)}
                                onChange={(e) => toggle(event, e.target.checked)}
                                onBlur={field.onBlur}
                                inputRef={index === 0 ? field.ref : undefined}
                              />
                            }
                          />
                        ))}
                      </FormGroup>
                      {extraEvents.length > 0 && <FormHelperText error={false}>Also kept: {extraEvents.join(', ')}</FormHelperText>}
                      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                    </FormControl>
                  );
                }}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={close} disabled={pending} color="inherit">
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={pending}>
              {pending ? 'Saving...' : endpoint ? 'Save changes' : 'Add endpoint'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

export default EndpointFormDialog;
