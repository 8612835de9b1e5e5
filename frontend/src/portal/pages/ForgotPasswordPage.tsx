import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { serverMessageOf } from '../../shared/api/client';
import { textFieldProps } from '../../shared/forms/fields';
import { MAX_LENGTH, resolverFrom } from '../../shared/forms/validation';
import { useToast } from '../../shared/ui/toast';
import { useHydrated } from '../../shared/useHydrated';
import { useRequestCode } from '../features/auth/hooks';
import { validateForgotPassword, type ForgotPasswordValues } from '../features/auth/validation';
import { AuthShell } from '../layout/AuthShell';

const resolver = resolverFrom(validateForgotPassword);

/** /forgot-password: request a 6-digit verification code by e-mail. */
export function ForgotPasswordPage() {
  const form = useForm<ForgotPasswordValues>({ defaultValues: { email: '' }, resolver });
  const requestCode = useRequestCode();
  const { toast } = useToast();
  const hydrated = useHydrated();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestCode.mutateAsync({ email: email.trim() });
      setSentTo(email.trim());
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOf(error, 'Failed to process request'),
        variant: 'destructive',
      });
    }
  });

  const pending = requestCode.isPending;

  return (
    <AuthShell title="Forgot your password?" subtitle="Enter the email address of your account and we'll send you a verification code.">
      {sentTo !== null ? (
        <Stack spacing={3}>
          <Alert severity="success" icon={<MarkEmailReadOutlined />} role="status">
            <AlertTitle>Check your email</AlertTitle>
            If an account exists with the email you provided, we've sent a 6-digit verification code to reset your password.
          </Alert>
          <Button component={RouterLink} to="/reset-password" state={{ email: sentTo }} variant="contained" size="large" fullWidth>
            Continue to Reset Password
          </Button>
        </Stack>
      ) : (
        <Box component="form" method="post" noValidate onSubmit={onSubmit}>
          <Stack spacing={2.25}>
            <TextField
              {...textFieldProps(form, 'email')}
              label="Email"
              type="email"
              autoComplete="email"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the page exists for this one field: the focus starts in it
              autoFocus
              slotProps={{ htmlInput: { maxLength: MAX_LENGTH.email } }}
            />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={pending || !hydrated}>
              {pending ? 'Sending...' : 'Send Verification Code'}
            </Button>
          </Stack>
        </Box>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} variant="body2" fontWeight={600} to="/auth">
          Back to login
        </Link>
      </Box>
    </AuthShell>
  );
}
