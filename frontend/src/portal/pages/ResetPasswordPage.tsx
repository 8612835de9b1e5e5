import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { serverMessageOf } from '../../shared/api/client';
import { textFieldProps } from '../../shared/forms/fields';
import { MAX_LENGTH, resolverFrom } from '../../shared/forms/validation';
import { useToast } from '../../shared/ui/toast';
import { useHydrated } from '../../shared/useHydrated';
import { useResetPassword } from '../features/auth/hooks';
import { validateResetPassword, type ResetPasswordValues } from '../features/auth/validation';
import { AuthShell } from '../layout/AuthShell';

/** Spec §9: redirect to /auth 1500 ms after a successful reset. */
export const RESET_REDIRECT_MS = 1500;

const resolver = resolverFrom(validateResetPassword);

/** /reset-password: e-mail, 6-digit code and a new strong password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  // the e-mail typed on /forgot-password comes along in the link's state (or ?email= in a shared link)
  const knownEmail = (location.state as { email?: string } | null)?.email ?? params.get('email') ?? '';
  const form = useForm<ResetPasswordValues>({
    defaultValues: { email: knownEmail, code: '', newPassword: '', confirmPassword: '' },
    resolver,
  });
  const resetPassword = useResetPassword();
  const { toast } = useToast();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/auth', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword.mutateAsync({
        email: values.email.trim(),
        code: values.code.trim(),
        newPassword: values.newPassword,
      });
      setDone(true);
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOf(error, 'Failed to reset password'),
        variant: 'destructive',
      });
    }
  });

  const pending = resetPassword.isPending;

  return (
    <AuthShell title="Reset your password" subtitle="Enter the 6-digit code we e-mailed you and choose a new password.">
      {done ? (
        <Stack spacing={3}>
          <Alert severity="success" icon={<CheckCircleOutline />} role="status">
            <AlertTitle>Password Reset Successful</AlertTitle>
            Your password has been reset successfully. You will be redirected to the login page.
          </Alert>
          <Button variant="contained" size="large" fullWidth onClick={() => navigate('/auth', { replace: true })}>
            Log in now
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
              slotProps={{ htmlInput: { maxLength: MAX_LENGTH.email } }}
            />
            <TextField
              {...textFieldProps(form, 'code')}
              label="Verification Code"
              autoComplete="one-time-code"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- with the email known (from Forgot password or the e-mailed link), the focus starts in the code the user came to type
              autoFocus={Boolean(knownEmail)}
              slotProps={{ htmlInput: { maxLength: 6, inputMode: 'numeric', style: { letterSpacing: '0.3em', fontWeight: 600 } } }}
            />
            <TextField
              {...textFieldProps(form, 'newPassword')}
              label="New Password"
              type="password"
              autoComplete="new-password"
              slotProps={{ htmlInput: { maxLength: MAX_LENGTH.password } }}
            />
            <TextField
              {...textFieldProps(form, 'confirmPassword')}
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              slotProps={{ htmlInput: { maxLength: MAX_LENGTH.password } }}
            />
            <Typography variant="body2" color="text.secondary">
              At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.
            </Typography>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={pending || !hydrated}>
              {pending ? 'Resetting...' : 'Reset Password'}
            </Button>
          </Stack>
        </Box>
      )}
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} variant="body2" fontWeight={600} to="/forgot-password">
          Need a verification code?
        </Link>
        <Link component={RouterLink} variant="body2" fontWeight={600} to="/auth">
          Back to login
        </Link>
      </Box>
    </AuthShell>
  );
}
