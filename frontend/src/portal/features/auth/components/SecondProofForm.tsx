import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorText, serverMessageOf } from '../../../../shared/api/client';
import type { SecondProofMethod, User } from '../../../../shared/api/schema';
import { applyServerFieldErrors, textFieldProps } from '../../../../shared/forms/fields';
import { resolverFrom } from '../../../../shared/forms/validation';
import { useToast } from '../../../../shared/ui/toast';
import { useCompleteSignIn } from '../hooks';
import { validateSecondProof, type SecondProofValues } from '../validation';

interface SecondProofFormProps {
  method: SecondProofMethod;
  /** Signed in: the caller greets the user and leaves the page. */
  onSignedIn: (user: User) => void;
  /** Back to the password (the pending sign-in expired, or the user chose to). */
  onRestart: () => void;
}

const COPY: Record<SecondProofMethod, { heading: string; text: string; label: string }> = {
  totp: {
    heading: 'Two-factor sign-in',
    text: 'Open your authenticator app and enter the 6-digit code it shows for this account.',
    label: 'Authentication code',
  },
  email: {
    heading: 'Check your email',
    text: 'Many wrong passwords were tried on this account recently, so we sent a 6-digit code to its email address. It is valid for 10 minutes.',
    label: 'Code from the email',
  },
};

/** The second step of /auth's Login tab when POST /api/login answered `{twoFactorRequired, method}` (CONTRACT §8). */
export function SecondProofForm({ method, onSignedIn, onRestart }: SecondProofFormProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const resolver = useMemo(() => resolverFrom<SecondProofValues>((v) => validateSecondProof(v, useRecovery)), [useRecovery]);
  const form = useForm<SecondProofValues>({ defaultValues: { code: '', recoveryCode: '' }, resolver });
  const complete = useCompleteSignIn();
  const { toast } = useToast();
  const copy = COPY[method];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await complete.mutateAsync(
        useRecovery ? { recoveryCode: values.recoveryCode.trim() } : { code: values.code.replace(/\s/g, '') },
      );
      onSignedIn(user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast({ title: 'Sign-in expired', description: serverMessageOf(error, errorText(error)), variant: 'destructive' });
        onRestart();
        return;
      }
      applyServerFieldErrors(form, error);
      if (!(error instanceof ApiError && error.fieldErrors))
        toast({ title: 'Login failed', description: errorText(error), variant: 'destructive' });
    }
  });

  return (
    <Box component="form" method="post" noValidate onSubmit={onSubmit} aria-labelledby="second-proof-heading">
      <Stack spacing={2.25}>
        <Box>
          <Typography id="second-proof-heading" component="h2" variant="h6" fontWeight={700}>
            {useRecovery ? 'Use a recovery code' : copy.heading}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {useRecovery ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.' : copy.text}
          </Typography>
        </Box>
        {useRecovery ? (
          <TextField
            key="recoveryCode"
            {...textFieldProps(form, 'recoveryCode')}
            label="Recovery code"
            autoComplete="off"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the field appears because the user asked for it
            autoFocus
            slotProps={{ htmlInput: { maxLength: 11, autoCapitalize: 'none', spellCheck: false } }}
          />
        ) : (
          <TextField
            key="code"
            {...textFieldProps(form, 'code')}
            label={copy.label}
            autoComplete="one-time-code"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the code is the one thing this step asks for
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 7 } }}
          />
        )}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={complete.isPending}>
          {complete.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        {method === 'totp' && (
          <Alert severity="info" icon={false} sx={{ py: 0 }}>
            <Link component="button" type="button" variant="body2" onClick={() => setUseRecovery((v) => !v)}>
              {useRecovery ? 'Use a code from the app instead' : 'Lost your phone? Use a recovery code'}
            </Link>
          </Alert>
        )}
        <Link component="button" type="button" variant="body2" onClick={onRestart} sx={{ alignSelf: 'center' }}>
          Back to sign in
        </Link>
      </Stack>
    </Box>
  );
}
