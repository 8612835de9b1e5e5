import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { serverMessageOf } from '../../shared/api/client';
import { applyServerFieldErrors, textFieldProps } from '../../shared/forms/fields';
import { MAX_LENGTH, resolverFrom } from '../../shared/forms/validation';
import { FullScreenSpinner } from '../../shared/ui/FullScreenSpinner';
import { useHydrated } from '../../shared/useHydrated';
import { afterSetup, useCompleteSetup, useSetupNeeded } from '../features/setup/api';
import { validateSetup, type SetupValues } from '../features/setup/validation';
import { AuthShell } from '../layout/AuthShell';
import { NotFoundPage } from './NotFoundPage';

const resolver = resolverFrom(validateSetup);

/** The browser's time zone ('Europe/Dublin'), for the studio; undefined when the browser does not say. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * /setup, the first run (CONTRACT §13): while the studio has no admin, every page leads here. It names the
 * studio and creates the photographer's account, with the code printed in the server's console, then
 * opens the back office. Once setup is done the page is a 404.
 */
export function SetupPage() {
  const needed = useSetupNeeded();
  if (needed.isPending) return <FullScreenSpinner />;
  if (needed.data === false) return <NotFoundPage />;
  return <SetupForm />;
}

function SetupForm() {
  const form = useForm<SetupValues>({
    defaultValues: { studioName: '', name: '', email: '', password: '', code: '' },
    resolver,
  });
  const completeSetup = useCompleteSetup();
  const hydrated = useHydrated();
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await completeSetup.mutateAsync({
        studioName: values.studioName.trim(),
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        code: values.code.trim(),
        timeZone: browserTimeZone(),
      });
      afterSetup.open('/admin');
    } catch (error) {
      applyServerFieldErrors(form, error);
      setProblem(serverMessageOf(error, 'Setup failed. Please try again.'));
    }
  });

  const pending = completeSetup.isPending || completeSetup.isSuccess;

  return (
    <AuthShell
      title="Set up your studio"
      subtitle="Name your studio and create your account. You will sign in with this e-mail and password."
    >
      <Box component="form" method="post" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.25}>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          <TextField
            {...textFieldProps(form, 'studioName')}
            label="Studio name"
            autoComplete="organization"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page exists for this form: the focus starts in its first field
            autoFocus
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            {...textFieldProps(form, 'name')}
            label="Your name"
            autoComplete="name"
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH.username } }}
          />
          <TextField
            {...textFieldProps(form, 'email')}
            label="E-mail"
            type="email"
            autoComplete="email"
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH.email } }}
          />
          <PasswordField form={form} />
          <CodeField form={form} />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={pending || !hydrated}>
            {pending ? 'Setting up...' : 'Set Up Studio'}
          </Button>
        </Stack>
      </Box>
    </AuthShell>
  );
}

type Form = ReturnType<typeof useForm<SetupValues>>;

/** The password, with registration's rule as its hint until a message takes its place. */
function PasswordField({ form }: { form: Form }) {
  const props = textFieldProps(form, 'password');
  return (
    <TextField
      {...props}
      helperText={props.helperText ?? 'At least 6 characters'}
      label="Password"
      type="password"
      autoComplete="new-password"
      slotProps={{ htmlInput: { maxLength: MAX_LENGTH.password } }}
    />
  );
}

function CodeField({ form }: { form: Form }) {
  const props = textFieldProps(form, 'code');
  return (
    <TextField
      {...props}
      helperText={props.helperText ?? "Printed in the server's console when it started"}
      label="Setup code"
      placeholder="123-456"
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
    />
  );
}
