import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { textFieldProps } from '../../shared/forms/fields';
import { resolverFrom } from '../../shared/forms/validation';
import { serverMessage, showServerFieldErrors, useAdminToast } from '../shared/toast';
import { useIntegrationsApi } from './dataProvider';
import { EXPIRY_CHOICES, newTokenValues, toTokenRequest, TOKEN_NAME_MAX, validateToken, type TokenFormValues } from './forms';
import { scopeLabel } from './labels';
import { TOKENS_KEY } from './queries';
import { SecretRevealStep } from './SecretReveal';
import type { CreatedApiToken } from './types';

const resolver = resolverFrom(validateToken);

export interface CreateTokenDialogProps {
  open: boolean;
  onClose: () => void;
}

/** 'Create token': name, scope and expiry; then the token, once, with Copy (CONTRACT §9). */
export function CreateTokenDialog({ open, onClose }: CreateTokenDialogProps) {
  const api = useIntegrationsApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const form = useForm<TokenFormValues>({ defaultValues: newTokenValues, resolver });
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const scopeId = useId();
  const create = useMutation({ mutationFn: api.createApiToken });
  const pending = create.isPending || form.formState.isSubmitting;

  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      form.reset(newTokenValues);
      setCreated(null);
      setFailure(null);
    }
    wasOpen.current = open;
  }, [open, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const token = await create.mutateAsync(toTokenRequest(values));
      setCreated(token);
      toast({ title: 'Token created', description: `"${token.name}" can be used now.` });
      await queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    } catch (error) {
      showServerFieldErrors(form, values, error);
      setFailure(serverMessage(error, 'Failed to create the token'));
    }
  });

  const close = () => {
    if (!pending) onClose();
  };

  return (
    <Dialog open={open} onClose={created ? undefined : close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {created ? (
        <>
          <DialogTitle id={titleId}>Your new API token</DialogTitle>
          <SecretRevealStep
            label={`${created.name} (${scopeLabel(created.scope).toLowerCase()})`}
            secret={created.token}
            hint="Send it as the Authorization header: Bearer followed by a space and the token."
            onDone={onClose}
          />
        </>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <DialogTitle id={titleId}>Create API token</DialogTitle>
          <DialogContent>
            <Stack spacing={2.25} sx={{ pt: 1 }}>
              {failure && <Alert severity="error">{failure}</Alert>}
              <TextField
                {...textFieldProps(form, 'name')}
                label="Name"
                placeholder="e.g. Accounting sync"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog's first field takes the focus when it opens (WAI-ARIA dialog pattern)
                autoFocus
                slotProps={{ htmlInput: { maxLength: TOKEN_NAME_MAX } }}
              />
              <Controller
                control={form.control}
                name="scope"
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id={scopeId}>Scope</FormLabel>
                    <RadioGroup
                      aria-labelledby={scopeId}
                      name={field.name}
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value)}
                    >
                      <FormControlLabel value="read" control={<Radio />} label="Read only: may only read (GET)" />
                      <FormControlLabel value="write" control={<Radio />} label="Read and write: may change data too" />
                    </RadioGroup>
                  </FormControl>
                )}
              />
              <Controller
                control={form.control}
                name="expiresInDays"
                render={({ field }) => (
                  <TextField
                    select
                    label="Expires after"
                    name={field.name}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  >
                    {EXPIRY_CHOICES.map((choice) => (
                      <MenuItem key={choice.label} value={choice.value}>
                        {choice.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={close} disabled={pending} color="inherit">
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={pending}>
              {pending ? 'Creating...' : 'Create token'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

export default CreateTokenDialog;
