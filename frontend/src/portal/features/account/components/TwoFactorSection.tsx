import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { ApiError, errorText, serverMessageOf } from '../../../../shared/api/client';
import type { TwoFactorSetup, User } from '../../../../shared/api/schema';
import { MAX_LENGTH } from '../../../../shared/forms/validation';
import { useToast } from '../../../../shared/ui/toast';
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor } from '../hooks';

type Step =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'turning-off' };

const CODE_MESSAGE = 'Enter the 6-digit code';

/** The field message the server gave for `field`, else null. */
const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? (error.fieldErrors?.[field] ?? null) : null);

/** The secret in groups of four, as authenticator apps show typed keys. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Account Settings' 'Two-factor sign-in' card (CONTRACT §8): set up with the current password, scan the
 * QR code (or type the key), confirm with a first code, save the 10 recovery codes shown once; turn off
 * with the current password and a code. Loaded with the page's own chunk only when shown.
 */
export function TwoFactorSection({ user }: { user: User }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ currentPassword?: string | null; code?: string | null }>({});
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const { toast } = useToast();

  const reset = (next: Step) => {
    setPassword('');
    setCode('');
    setErrors({});
    setStep(next);
  };
  const failed = (error: unknown, title: string) => {
    const found = { currentPassword: fieldError(error, 'currentPassword'), code: fieldError(error, 'code') };
    setErrors(found);
    if (!found.currentPassword && !found.code)
      toast({ title, description: serverMessageOf(error, errorText(error)), variant: 'destructive' });
  };

  const startSetup = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setErrors({ currentPassword: 'Enter your current password' });
    try {
      const answer = await setup.mutateAsync(password);
      reset({ kind: 'scan', setup: answer });
    } catch (error) {
      failed(error, 'Could not set up two-factor sign-in');
    }
  };

  const turnOn = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) return setErrors({ code: CODE_MESSAGE });
    try {
      const answer = await enable.mutateAsync(typed);
      reset({ kind: 'codes', codes: answer.recoveryCodes });
      toast({ title: 'Two-factor sign-in is on', description: 'Save your recovery codes now: they are shown only once.' });
    } catch (error) {
      failed(error, 'Could not turn on two-factor sign-in');
    }
  };

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    const missing = { currentPassword: password ? null : 'Enter your current password', code: typed ? null : CODE_MESSAGE };
    if (missing.currentPassword || missing.code) return setErrors(missing);
    try {
      await disable.mutateAsync({ currentPassword: password, code: typed });
      reset({ kind: 'idle' });
      toast({ title: 'Two-factor sign-in is off', description: 'Your password alone signs you in now.' });
    } catch (error) {
      failed(error, 'Could not turn off two-factor sign-in');
    }
  };

  const passwordField = (
    <TextField
      label="Current Password"
      type="password"
      autoComplete="current-password"
      value={password}
      onChange={(e) => setPassword(e.target.value)}
      error={Boolean(errors.currentPassword)}
      helperText={errors.currentPassword}
      slotProps={{ htmlInput: { maxLength: MAX_LENGTH.password } }}
    />
  );

  return (
    // a region of its own: its password field is told apart from the profile's by where it is
    <Card component="section" aria-labelledby="two-factor-heading">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="two-factor-heading" variant="h6" component="h2">
            Two-factor sign-in
          </Typography>
          {user.twoFactorEnabled && step.kind !== 'codes' && (
            <Chip size="small" color="success" icon={<VerifiedUserOutlined />} label="On" />
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {user.twoFactorEnabled
            ? 'Signing in asks for your password and a 6-digit code from your authenticator app.'
            : 'Add a second step to signing in: a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and the like).'}
        </Typography>

        {step.kind === 'idle' &&
          (user.twoFactorEnabled ? (
            <Button variant="outlined" color="error" onClick={() => reset({ kind: 'turning-off' })}>
              Turn off two-factor sign-in
            </Button>
          ) : (
            <Button variant="contained" onClick={() => reset({ kind: 'password' })}>
              Set up two-factor sign-in
            </Button>
          ))}

        {step.kind === 'password' && (
          <Stack component="form" noValidate spacing={2} onSubmit={startSetup} sx={{ maxWidth: 420 }}>
            <Typography variant="body2">Enter your current password to begin.</Typography>
            {passwordField}
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={setup.isPending}>
                {setup.isPending ? 'Checking...' : 'Continue'}
              </Button>
              <Button onClick={() => reset({ kind: 'idle' })}>Cancel</Button>
            </Stack>
          </Stack>
        )}

        {step.kind === 'scan' && (
          <Stack component="form" noValidate spacing={2} onSubmit={turnOn} sx={{ maxWidth: 420 }}>
            <Typography variant="body2">1. Scan this QR code with your authenticator app.</Typography>
            <Box sx={{ alignSelf: 'flex-start', p: 1.5, bgcolor: '#fff', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <QRCodeSVG
                value={step.setup.otpauthUrl}
                size={176}
                marginSize={0}
                role="img"
                aria-label="QR code for your authenticator app"
              />
            </Box>
            <Typography variant="body2" color="text.secondary">
              Can&apos;t scan it? Enter this key in the app instead:
              <Box component="code" sx={{ display: 'block', mt: 0.5, fontFamily: 'monospace', fontSize: '1rem', color: 'text.primary' }}>
                {grouped(step.setup.secret)}
              </Box>
            </Typography>
            <Typography variant="body2">2. Enter the 6-digit code the app shows.</Typography>
            <TextField
              label="Code from the app"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={Boolean(errors.code)}
              helperText={errors.code}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 7 } }}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={enable.isPending}>
                {enable.isPending ? 'Turning on...' : 'Turn on'}
              </Button>
              <Button onClick={() => reset({ kind: 'idle' })}>Cancel</Button>
            </Stack>
          </Stack>
        )}

        {step.kind === 'codes' && <RecoveryCodes codes={step.codes} email={user.email} onDone={() => reset({ kind: 'idle' })} />}

        {step.kind === 'turning-off' && (
          <Stack component="form" noValidate spacing={2} onSubmit={turnOff} sx={{ maxWidth: 420 }}>
            <Typography variant="body2">
              Enter your current password and a code from your authenticator app (or a recovery code).
            </Typography>
            {passwordField}
            <TextField
              label="Code"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={Boolean(errors.code)}
              helperText={errors.code}
              slotProps={{ htmlInput: { maxLength: 11, autoCapitalize: 'none', spellCheck: false } }}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" color="error" disabled={disable.isPending}>
                {disable.isPending ? 'Turning off...' : 'Turn off'}
              </Button>
              <Button onClick={() => reset({ kind: 'idle' })}>Cancel</Button>
            </Stack>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** The 10 recovery codes, shown once, with copy and download. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { toast } = useToast();
  const text = `Recovery codes for ${email} (each works once):\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'The recovery codes are on your clipboard.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the codes and copy them by hand.', variant: 'destructive' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <Alert severity="warning">
        Save these recovery codes somewhere safe. If you lose your phone, each one signs you in once. They are shown only now.
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          columnGap: 4,
          rowGap: 0.5,
          fontFamily: 'monospace',
          fontSize: '1rem',
          bgcolor: 'grey.100',
          borderRadius: 1,
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outlined" startIcon={<Download />} onClick={download}>
          Download
        </Button>
        <Button variant="contained" onClick={onDone}>
          I saved them
        </Button>
      </Stack>
    </Stack>
  );
}
