import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '../../../../shared/ui/TextInput';
import { VStack } from '../../../../shared/ui/VStack';
import { useSimpleForm } from '../../../../shared/forms/useSimpleForm';
import { useNavigate } from 'react-router';
import { errorText } from '../../../../shared/api/client';
import { isAdmin } from '../../../../shared/api/types';
import { applyServerFieldErrors, textFieldProps } from '../../../../shared/forms/fields';
import { MAX_LENGTH } from '../../../../shared/forms/validation';
import { CheckboxField } from '../../../../shared/ui/CheckboxField';
import { TextLink } from '../../../../shared/ui/TextLink';
import { useToast } from '../../../../shared/ui/toast';
import { useHydrated } from '../../../../shared/useHydrated';
import { useLogin } from '../hooks';
import { validateLogin, type LoginValues } from '../validation';

interface LoginFormProps {
  /** Called when a valid form is submitted, before the request (the page then leaves redirects to the form). */
  onSubmitting?: () => void;
}

export function LoginForm({ onSubmitting }: LoginFormProps) {
  const form = useSimpleForm<LoginValues>({
    defaultValues: { email: '', password: '', rememberMe: false },
    validate: validateLogin,
  });
  const login = useLogin();
  const { toast } = useToast();
  const navigate = useNavigate();
  const hydrated = useHydrated();

  const onSubmit = form.handleSubmit(async (values) => {
    onSubmitting?.();
    try {
      const user = await login.mutateAsync({
        email: values.email.trim(),
        password: values.password,
        rememberMe: values.rememberMe,
      });
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
      navigate(isAdmin(user) ? '/admin' : '/', { replace: true });
    } catch (error) {
      applyServerFieldErrors(form, error);
      toast({ title: 'Login failed', description: errorText(error), variant: 'destructive' });
    }
  });

  const pending = login.isPending;

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <VStack spacing={2.25}>
        <TextInput
          {...textFieldProps(form, 'email')}
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          inputProps={{ maxLength: MAX_LENGTH.email }}
        />
        <TextInput
          {...textFieldProps(form, 'password')}
          label="Password"
          type="password"
          autoComplete="current-password"
          inputProps={{ maxLength: MAX_LENGTH.password }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <CheckboxField
            name="rememberMe"
            label="Remember me"
            checked={form.getValues().rememberMe}
            onChange={(e) => form.setValue('rememberMe', e.target.checked)}
          />
          <TextLink to="/forgot-password">Forgot password</TextLink>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={pending || !hydrated}>
          {pending ? 'Signing in...' : 'Sign In'}
        </Button>
      </VStack>
    </Box>
  );
}
