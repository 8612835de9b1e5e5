import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorText, serverMessageOf } from '../../../../shared/api/client';
import { useToast } from '../../../../shared/ui/toast';
import { useResendVerification } from '../hooks';

/**
 * CONTRACT §8: a gentle note on every signed-in page until the client has confirmed their address.
 * Nothing is refused to them meanwhile; the note offers a new link.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  const { toast } = useToast();
  const send = async () => {
    try {
      const result = await resend.mutateAsync();
      toast({ title: 'Verification email sent', description: result?.message ?? `We sent a new verification link to ${email}.` });
    } catch (error) {
      toast({ title: 'Could not send the link', description: serverMessageOf(error, errorText(error)), variant: 'destructive' });
    }
  };
  return (
    <Alert
      // a standing note, not an alert: it would be read out again on every page
      role="note"
      severity="info"
      sx={{ mb: 3, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={() => void send()} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Send a new link'}
        </Button>
      }
    >
      Please confirm your email address: we sent a link to <strong>{email}</strong>.
    </Alert>
  );
}
