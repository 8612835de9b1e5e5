import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorText, serverMessageOf } from '../../shared/api/client';
import { useVerifyEmail } from '../features/account/hooks';
import { AuthShell } from '../layout/AuthShell';

/** The link is used up by its first use: one call, even when React mounts the page twice in development. */
const INVALID = 'This verification link is invalid or has expired.';

/** /verify-email?token=…: the link of the welcome or verification e-mail (CONTRACT §8). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const failed = !token || verify.isError;
  return (
    <AuthShell title="Confirm your email address">
      {verify.isSuccess ? (
        <Stack spacing={3}>
          <Alert severity="success">Your email address is verified.</Alert>
          <Button component={RouterLink} to="/" variant="contained" size="large" fullWidth>
            Continue to the portal
          </Button>
        </Stack>
      ) : failed ? (
        <Stack spacing={3}>
          <Alert severity="error">{token ? serverMessageOf(verify.error, errorText(verify.error)) : INVALID}</Alert>
          <Typography variant="body2" color="text.secondary">
            Sign in and use 'Send a new link' at the top of your projects to get a new one.
          </Typography>
          <Button component={RouterLink} to="/" variant="outlined" size="large" fullWidth>
            Go to the portal
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} alignItems="center" role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>Confirming your email address...</Typography>
        </Stack>
      )}
    </AuthShell>
  );
}
