import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { textFieldProps } from '../../shared/forms/fields';
import { resolverFrom } from '../../shared/forms/validation';
import { showServerFieldErrors } from '../shared/toast';
import { useEmailApi } from './dataProvider';
import { TabPanelCard } from './TabPanelCard';
import type { InvitationRequest } from './types';
import { useEmailSend } from './useEmailSend';
import { EMAIL_LIMITS, validateInvitation, type InvitationValues } from './validation';

const emptyInvitation: InvitationValues = { email: '', clientName: '', customMessage: '' };

/** Invite Clients: an e-mail with a link to the Register tab pre-filled with the client's address. */
export function InviteClientsTab() {
  const api = useEmailApi();
  const resolver = useMemo(() => resolverFrom(validateInvitation), []);
  const form = useForm<InvitationValues>({ defaultValues: emptyInvitation, resolver });

  const send = useEmailSend<{ request: InvitationRequest; values: InvitationValues }>(
    ({ request }) => api.sendClientInvitation(request),
    { success: 'Invitation Sent', failure: 'Failed to Send Invitation', errorFallback: 'Failed to send invitation' },
    {
      onSent: () => form.reset(emptyInvitation),
      onError: (error, { values }) => showServerFieldErrors(form, values, error),
    },
  );

  const onSubmit = form.handleSubmit((values) => {
    const customMessage = values.customMessage.trim();
    const request: InvitationRequest = {
      email: values.email.trim(),
      clientName: values.clientName.trim(),
      ...(customMessage ? { customMessage } : {}),
    };
    send.mutate({ request, values });
  });

  return (
    <TabPanelCard title="Invite a Client" subtitle="Send an invitation to create an account on the client portal.">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Client invitation">
        <Stack spacing={2.25} sx={{ maxWidth: 640 }}>
          <TextField
            {...textFieldProps(form, 'email')}
            label="Client Email"
            type="email"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: EMAIL_LIMITS.email } }}
          />
          <TextField
            {...textFieldProps(form, 'clientName')}
            label="Client Name"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: EMAIL_LIMITS.name } }}
          />
          <TextField
            {...textFieldProps(form, 'customMessage')}
            label="Custom Message (optional)"
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: EMAIL_LIMITS.message } }}
          />
          <Alert severity="info" variant="outlined" role="note">
            The invitation holds a direct link to the registration page, pre-filled with the client's email address.
          </Alert>
          <Box>
            <Button type="submit" variant="contained" startIcon={<SendOutlined />} disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Invitation'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </TabPanelCard>
  );
}
