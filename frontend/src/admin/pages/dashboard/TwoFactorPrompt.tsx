import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../portal/features/auth/hooks';

/** CONTRACT §8: the Dashboard offers the admin two-factor sign-in until it is on. */
export function TwoFactorPrompt() {
  const { user } = useCurrentUser();
  if (!user || user.twoFactorEnabled) return null;
  return (
    <Alert
      role="note"
      severity="warning"
      icon={<VerifiedUserOutlined />}
      sx={{ mb: 3, alignItems: 'center' }}
      action={
        <Button component={RouterLink} to="/admin/account" color="inherit" size="small" variant="outlined">
          Turn on
        </Button>
      }
    >
      <AlertTitle sx={{ mb: 0 }}>Protect your studio with two-factor sign-in</AlertTitle>
      Your back office holds your clients and their payments: ask for a code from your phone as well as your password.
    </Alert>
  );
}
