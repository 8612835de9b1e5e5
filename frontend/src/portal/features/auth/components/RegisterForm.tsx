import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorText } from '../../../../shared/api/client';
import { isAdmin } from '../../../../shared/api/user';
import { applyServerFieldErrors, textFieldProps } from '../../../../shared/forms/fields';
import { MAX_LENGTH, resolverFrom } from '../../../../shared/forms/validation';
import { useToast } from '../../../../shared/ui/toast';
import { useRegister } from '../hooks';
import { validateRegister, type RegisterValues } from '../validation';

interface RegisterFormProps {
  defaultEmail?: string;
  /** The invitation link's token (`&invite=`): sent along, it verifies the invited address at once. */
  invite?: string;
  /** Called when a valid form is submitted, before the request (the page then leaves redirects to the form). */
  onSubmitting?: () => void;
}

const resolver = resolverFrom(validateRegister);

export function RegisterForm({ defaultEmail = '', invite, onSubmitting }: RegisterFormProps) {
  const form = useForm<RegisterValues>({
    defaultValues: { username: '', email: defaultEmail, password: '', confirmPassword: '' },
    resolver,
  });
  const register = useRegister();
  const { toast } = useToast();
  const navigate = useNavigate();

  const onSubmit = form.handleSubmit(async (values) => {
    onSubmitting?.();
    try {
      // public registration sends no role
      const user = await register.mutateAsync({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(invite ? { invite } : {}),
      });
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
      navigate(isAdmin(user) ? '/admin' : '/projects', { replace: true });
    } catch (error) {
      applyServerFieldErrors(form, error);
      toast({ title: 'Registration failed', description: errorText(error), variant: 'destructive' });
    }
  });

  const pending = register.isPending;

  return (
    <Box component="form" method="post" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.25}>
        <TextField
          {...textFieldProps(form, 'username')}
          label="Name"
          autoComplete="name"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- registering is what this tab is for: the focus starts in Name (not when an invitation link opened it)
          autoFocus={!defaultEmail}
          slotProps={{ htmlInput: { maxLength: MAX_LENGTH.username } }}
        />
        <TextField
          {...textFieldProps(form, 'email')}
          label="Email"
          type="email"
          autoComplete="email"
          slotProps={{ htmlInput: { maxLength: MAX_LENGTH.email } }}
        />
        <TextField
          {...textFieldProps(form, 'password')}
          label="Password"
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
        <Button type="submit" variant="contained" size="large" fullWidth disabled={pending}>
          {pending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </Stack>
    </Box>
  );
}
