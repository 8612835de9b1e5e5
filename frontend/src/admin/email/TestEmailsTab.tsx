import MailOutline from '@mui/icons-material/MailOutline';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useGetIdentity } from 'react-admin';
import { Controller, useForm } from 'react-hook-form';
import { textFieldProps } from '../../shared/forms/fields';
import { resolverFrom } from '../../shared/forms/validation';
import { showServerFieldErrors } from '../shared/toast';
import { useEmailApi } from './dataProvider';
import { EmailStatusPanel } from './EmailStatusPanel';
import { OWN_EMAIL_KEY } from './queries';
import { TabPanelCard } from './TabPanelCard';
import type { TestEmailRequest, TestEmailType } from './types';
import { useEmailSend } from './useEmailSend';
import { EMAIL_LIMITS, validateTestEmail, type TestEmailValues } from './validation';

export const TEST_EMAIL_TYPES: { id: TestEmailType; name: string }[] = [
  { id: 'welcome', name: 'Welcome Email' },
  { id: 'project', name: 'Project Notification' },
];

/** The signed-in admin's address: the identity holds it; GET /api/user when it does not. */
function useOwnEmail(): { email: string; loading: boolean } {
  const api = useEmailApi();
  const { identity, isPending } = useGetIdentity();
  const fromIdentity = typeof identity?.email === 'string' ? identity.email : '';
  const user = useQuery({
    queryKey: OWN_EMAIL_KEY,
    queryFn: () => api.getOwnEmail(),
    enabled: !isPending && !fromIdentity,
    retry: false,
  });
  if (fromIdentity) return { email: fromIdentity, loading: false };
  return { email: user.data ?? '', loading: isPending || user.isFetching };
}

function SendToYourEmail() {
  const api = useEmailApi();
  const own = useOwnEmail();
  const welcome = useEmailSend(() => api.sendTestWelcomeEmail(), {
    success: 'Welcome Email Sent',
    failure: 'Failed to Send Welcome Email',
    errorFallback: 'Failed to send test email',
  });
  const project = useEmailSend(() => api.sendTestProjectEmail(), {
    success: 'Project Email Sent',
    failure: 'Failed to Send Project Email',
    errorFallback: 'Failed to send test email',
  });

  return (
    <TabPanelCard title="Send to Your Email" subtitle="Test emails go to your own address.">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <MailOutline fontSize="small" color="action" />
          {own.loading ? (
            <Skeleton variant="text" width={200} aria-label="Loading your email address" />
          ) : (
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }} data-testid="own-email">
              {own.email || 'Your address is unknown'}
            </Typography>
          )}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
          <Button variant="outlined" disabled={welcome.isPending} onClick={() => welcome.mutate()}>
            {welcome.isPending ? 'Sending...' : 'Send Test Welcome Email'}
          </Button>
          <Button variant="outlined" disabled={project.isPending} onClick={() => project.mutate()}>
            {project.isPending ? 'Sending...' : 'Send Test Project Email'}
          </Button>
        </Stack>
      </Stack>
    </TabPanelCard>
  );
}

const emptyTest: TestEmailValues = { email: '', type: 'welcome' };

function SendToAnyEmail() {
  const api = useEmailApi();
  const resolver = useMemo(() => resolverFrom(validateTestEmail), []);
  const form = useForm<TestEmailValues>({ defaultValues: emptyTest, resolver });
  const send = useEmailSend<{ request: TestEmailRequest; values: TestEmailValues }>(
    ({ request }) => api.sendTestEmail(request),
    { success: 'Email Sent', failure: 'Failed to Send Email', errorFallback: 'Failed to send test email' },
    { onError: (error, { values }) => showServerFieldErrors(form, values, error) },
  );

  const onSubmit = form.handleSubmit((values) => {
    send.mutate({ request: { email: values.email.trim(), type: values.type }, values });
  });

  return (
    <TabPanelCard title="Send to Any Email" subtitle="Send a sample email to any address.">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Test email">
        <Stack spacing={2.25}>
          <TextField
            {...textFieldProps(form, 'email')}
            label="Email Address"
            type="email"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: EMAIL_LIMITS.email } }}
          />
          <Controller
            control={form.control}
            name="type"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Email Type"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {TEST_EMAIL_TYPES.map((type) => (
                  <MenuItem key={type.id} value={type.id}>
                    {type.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Box>
            <Button type="submit" variant="contained" startIcon={<SendOutlined />} disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Test Email'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </TabPanelCard>
  );
}

/** Test Emails: samples of the welcome and project e-mails, to yourself or to any address. */
export function TestEmailsTab() {
  return (
    <Stack spacing={2.5}>
      <EmailStatusPanel compact />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <SendToYourEmail />
        <SendToAnyEmail />
      </Box>
    </Stack>
  );
}
