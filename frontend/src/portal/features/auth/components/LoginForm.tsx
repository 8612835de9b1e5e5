import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Suspense, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { errorText } from '../../../../shared/api/client';
import type { SecondProofMethod, User } from '../../../../shared/api/schema';
import { lazyPage } from '../../../../shared/lazyPage';
import { FullScreenSpinner } from '../../../../shared/ui/FullScreenSpinner';
import { needsSecondProof } from '../api';
import { isAdmin } from '../../../../shared/api/user';
import { applyServerFieldErrors, textFieldProps } from '../../../../shared/forms/fields';
import { MAX_LENGTH, resolverFrom } from '../../../../shared/forms/validation';
import { useToast } from '../../../../shared/ui/toast';
import { useHydrated } from '../../../../shared/useHydrated';
import { useLogin } from '../hooks';
import { validateLogin, type LoginValues } from '../validation';

interface LoginFormProps {
  /** Called when a valid form is submitted, before the request (the page then leaves redirects to the form). */
  onSubmitting?: () => void;
}

const resolver = resolverFrom(validateLogin);

// the second step is for the few accounts that need one: loaded when a sign-in asks for it
const SecondProofForm = lazyPage(() => import('./SecondProofForm'), 'SecondProofForm');

/**
 * Where a client goes once signed in: back to the page that asked for the sign-in (RequireAuth's `from`,
 * with its query: a payment reminder's '/projects?pay=12' opens that payment, CONTRACT §14), when it is
 * a path of this site; else home.
 */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth') ? from : '/';
}

export function LoginForm({ onSubmitting }: LoginFormProps) {
  const form = useForm<LoginValues>({
    defaultValues: { email: '', password: '', rememberMe: false },
    resolver,
  });
  const login = useLogin();
  const { toast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  // the right password was given and a second proof is asked for: the form shows that step instead
  const [secondProof, setSecondProof] = useState<SecondProofMethod | null>(null);

  const signedIn = (user: User) => {
    toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    navigate(isAdmin(user) ? '/admin' : returnPath(location.state), { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    onSubmitting?.();
    try {
      const answer = await login.mutateAsync({
        email: values.email.trim(),
        password: values.password,
        rememberMe: values.rememberMe,
      });
      if (needsSecondProof(answer)) {
        await SecondProofForm.preload();
        setSecondProof(answer.method);
        return;
      }
      signedIn(answer);
    } catch (error) {
      applyServerFieldErrors(form, error);
      toast({ title: 'Login failed', description: errorText(error), variant: 'destructive' });
    }
  });

  const pending = login.isPending;

  if (secondProof) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <SecondProofForm
          method={secondProof}
          onSignedIn={signedIn}
          onRestart={() => {
            setSecondProof(null);
            form.setValue('password', '');
          }}
        />
      </Suspense>
    );
  }

  return (
    <Box component="form" method="post" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.25}>
        <TextField
          {...textFieldProps(form, 'email')}
          label="Email"
          type="email"
          autoComplete="email"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- signing in is what this page is for: the focus starts in the form's first field
          autoFocus
          slotProps={{ htmlInput: { maxLength: MAX_LENGTH.email } }}
        />
        <TextField
          {...textFieldProps(form, 'password')}
          label="Password"
          type="password"
          autoComplete="current-password"
          slotProps={{ htmlInput: { maxLength: MAX_LENGTH.password } }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Controller
            name="rememberMe"
            control={form.control}
            render={({ field: { value, onChange, ref, ...field } }) => (
              <FormControlLabel
                label="Remember me"
                control={<Checkbox {...field} inputRef={ref} checked={value} onChange={(e) => onChange(e.target.checked)} />}
              />
            )}
          />
          <Link component={RouterLink} to="/forgot-password" variant="body2" fontWeight={600}>
            Forgot password
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={pending || !hydrated}>
          {pending ? 'Signing in...' : 'Sign In'}
        </Button>
      </Stack>
    </Box>
  );
}
