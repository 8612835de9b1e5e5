import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useCreate, useUpdate } from 'react-admin';
import { textFieldProps } from '../../shared/forms/fields';
import { MAX_LENGTH, resolverFrom } from '../../shared/forms/validation';
import { useClientsApi, type ClientCreateData, type ClientRecord, type ClientUpdateData } from './dataProvider';
import { serverMessage, useAdminToast, showServerFieldErrors } from '../shared/toast';
import { CLIENT_ROLES, clientMessages, clientValidator, type ClientFormValues, type ClientRole } from './validation';

export interface ClientFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** 'create': Name, Email, Password, Role; 'edit': Name, Email, Role (spec §5) */
  mode: 'create' | 'edit';
  /** the client being edited (edit mode) */
  record?: ClientRecord;
  title: string;
  description?: string;
  /** label of the username field: 'Name' on the Clients page, 'Username' in the dashboard dialog */
  usernameLabel?: string;
  /** message of the username rule (spec §5 differs between the two places) */
  usernameMessage?: string;
  /** called after a successful save, with the saved client */
  onSaved?: (client: ClientRecord) => void;
}

const emptyValues: ClientFormValues = { username: '', email: '', password: '', role: 'client' };

const valuesOf = (record?: ClientRecord): ClientFormValues =>
  record
    ? {
        username: record.username ?? '',
        email: record.email ?? '',
        password: '',
        role: (record.role === 'admin' ? 'admin' : 'client') as ClientRole,
      }
    : emptyValues;

/**
 * The client form in a dialog, shared by the Clients page (New Client, Edit Client) and the
 * dashboard's Add Client quick action. Browser checks give the spec's messages; the server's
 * per-field messages (400/409 `errors`) appear under the fields too.
 */
export function ClientFormDialog({
  open,
  onClose,
  mode,
  record,
  title,
  description,
  usernameLabel = 'Name',
  usernameMessage = clientMessages.name,
  onSaved,
}: ClientFormDialogProps) {
  const resolver = useMemo(() => resolverFrom(clientValidator({ mode, usernameMessage })), [mode, usernameMessage]);
  const form = useForm<ClientFormValues>({ defaultValues: valuesOf(record), resolver });
  const [create, { isPending: creating }] = useCreate<ClientRecord>();
  const [update, { isPending: updating }] = useUpdate<ClientRecord>();
  const toast = useAdminToast();
  const titleId = useId();
  const descriptionId = useId();
  const api = useClientsApi();
  const [endingSessions, setEndingSessions] = useState(false);
  const pending = creating || updating || endingSessions || form.formState.isSubmitting;

  // a lost phone or a shared computer: the admin signs the account out of every browser at once
  const signOutEverywhere = async () => {
    if (!record) return;
    setEndingSessions(true);
    try {
      const result = await api.endClientSessions(record.id);
      toast({ title: 'Signed out everywhere', description: result.message });
    } catch (error) {
      toast({ title: 'Sign-out failed', description: serverMessage(error, 'Failed to end the sessions'), variant: 'destructive' });
    } finally {
      setEndingSessions(false);
    }
  };

  // each opening starts from the record (edit) or from an empty form (create); a refetch of the
  // list while the dialog is open does not wipe what the admin typed
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) form.reset(valuesOf(record));
    wasOpen.current = open;
  }, [open, record, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const base = { username: values.username.trim(), email: values.email.trim(), role: values.role };
    try {
      let saved: ClientRecord;
      if (mode === 'create') {
        const data: ClientCreateData = { ...base, password: values.password };
        saved = (await create('clients', { data }, { returnPromise: true })) as ClientRecord;
        toast({ title: 'Success', description: 'Client created successfully' });
      } else {
        const data: ClientUpdateData = base;
        saved = (await update(
          'clients',
          { id: record!.id, data, previousData: record },
          { mutationMode: 'pessimistic', returnPromise: true },
        )) as ClientRecord;
        toast({ title: 'Success', description: 'Client updated successfully' });
      }
      form.reset(emptyValues);
      onClose();
      onSaved?.(saved);
    } catch (error) {
      showServerFieldErrors(form, values, error);
      toast({
        title: mode === 'create' ? 'Error' : 'Update failed',
        description: serverMessage(error, mode === 'create' ? 'Failed to create client' : 'Failed to update client'),
        variant: 'destructive',
      });
    }
  });

  const close = () => {
    if (!pending) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId} sx={{ pb: description ? 0.5 : 2 }}>
          {title}
        </DialogTitle>
        <DialogContent>
          {description && (
            <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
              {description}
            </Typography>
          )}
          <Stack spacing={2.25} sx={{ pt: description ? 0 : 1 }}>
            <TextField
              {...textFieldProps(form, 'username')}
              label={usernameLabel}
              autoComplete="off"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog's first field takes the focus when it opens (WAI-ARIA dialog pattern); MUI's Dialog would focus its container
              autoFocus
              slotProps={{ htmlInput: { maxLength: MAX_LENGTH.username } }}
            />
            <TextField
              {...textFieldProps(form, 'email')}
              label="Email"
              type="email"
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: MAX_LENGTH.email } }}
            />
            {mode === 'create' && (
              <TextField
                {...textFieldProps(form, 'password')}
                label="Password"
                type="password"
                autoComplete="new-password"
                slotProps={{ htmlInput: { maxLength: MAX_LENGTH.password } }}
              />
            )}
            <Controller
              control={form.control}
              name="role"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Role"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {CLIENT_ROLES.map((role) => (
                    <MenuItem key={role.id} value={role.id}>
                      {role.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          {mode === 'edit' && record && (
            <Button onClick={signOutEverywhere} disabled={pending} color="warning" sx={{ mr: 'auto' }}>
              {endingSessions ? 'Signing out...' : 'Sign out everywhere'}
            </Button>
          )}
          <Button onClick={close} disabled={pending} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {mode === 'create' ? (pending ? 'Creating...' : 'Create Client') : pending ? 'Saving...' : 'Update Client'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
