import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorText, serverMessageOf } from '../../../../shared/api/client';
import type { UpdateAccountRequest, User } from '../../../../shared/api/schema';
import { applyServerFieldErrors, textFieldProps } from '../../../../shared/forms/fields';
import { MAX_LENGTH, resolverFrom } from '../../../../shared/forms/validation';
import { useToast } from '../../../../shared/ui/toast';
import { CURRENT_USER_KEY } from '../../auth/api';
import { useDeleteAccount, useUpdateAccount } from '../hooks';
import { validateAccount, type AccountValues } from '../validation';

/** Spec §9: the user is sent to /auth 2000 ms after the account is deleted. */
export const DELETE_REDIRECT_MS = 2000;
export const DELETE_CONFIRMATION = 'Are you sure you want to delete your account? This action cannot be undone.';

const valuesOf = (user: User): AccountValues => ({
  username: user.username ?? '',
  email: user.email ?? '',
  company: user.company ?? '',
  password: '',
  confirmPassword: '',
  currentPassword: '',
});

/** `between`: cards shown after the profile and before the danger zone (two-factor sign-in). */
export function AccountForm({ user, between }: { user: User; between?: ReactNode }) {
  const resolver = useMemo(() => resolverFrom<AccountValues>((values) => validateAccount(values, user.email ?? '')), [user.email]);
  const form = useForm<AccountValues>({ defaultValues: valuesOf(user), resolver });
  const update = useUpdateAccount();
  const remove = useDeleteAccount();
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleted, setDeleted] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSubmit = form.handleSubmit(async (values) => {
    const body: UpdateAccountRequest = {
      username: values.username.trim(),
      email: values.email.trim(),
      company: values.company.trim(),
    };
    if (values.password) body.password = values.password;
    if (values.currentPassword) body.currentPassword = values.currentPassword;
    try {
      const saved = await update.mutateAsync(body);
      form.reset(
        saved && typeof saved === 'object' ? valuesOf(saved) : { ...values, password: '', confirmPassword: '', currentPassword: '' },
      );
      toast({ title: 'Account updated', description: 'Your account settings have been saved.' });
    } catch (error) {
      applyServerFieldErrors(form, error);
      toast({ title: 'Update failed', description: serverMessageOf(error, errorText(error)), variant: 'destructive' });
    }
  });

  const onDelete = async () => {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    try {
      const result = await remove.mutateAsync();
      setDeleted(true);
      toast({
        title: 'Account deleted',
        description: result?.message || 'Your account has been deleted.',
      });
      redirectTimer.current = window.setTimeout(() => {
        queryClient.clear();
        queryClient.setQueryData(CURRENT_USER_KEY, null);
        navigate('/auth', { replace: true });
      }, DELETE_REDIRECT_MS);
    } catch (error) {
      toast({ title: 'Deletion failed', description: serverMessageOf(error, errorText(error)), variant: 'destructive' });
    }
  };

  const busy = update.isPending || remove.isPending || deleted;
  const currentPasswordField = textFieldProps(form, 'currentPassword');

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h6" component="h2">
            Profile
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            Your name and contact details.
          </Typography>
          <Box component="form" noValidate onSubmit={onSubmit} id="account-form">
            <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                {...textFieldProps(form, 'username')}
                label="Username"
                autoComplete="username"
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
                {...textFieldProps(form, 'company')}
                label="Company (optional)"
                autoComplete="organization"
                sx={{ gridColumn: { sm: '1 / -1' } }}
                slotProps={{ htmlInput: { maxLength: MAX_LENGTH.company } }}
              />
            </Box>
            <Divider sx={{ my: 3 }} />
            <Typography variant="h6" component="h2">
              Change password
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              Leave blank to keep your current password.
            </Typography>
            <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                {...textFieldProps(form, 'password')}
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
            </Box>
            <Divider sx={{ my: 3 }} />
            <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                {...currentPasswordField}
                helperText={currentPasswordField.helperText ?? 'Needed to change your email or password'}
                label="Current Password"
                type="password"
                autoComplete="current-password"
                slotProps={{ htmlInput: { maxLength: MAX_LENGTH.password } }}
              />
            </Box>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {update.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>

      {between}

      <Card sx={{ borderColor: 'error.light' }}>
        <CardContent
          sx={{
            p: { xs: 2.5, sm: 4 },
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Box>
            <Typography variant="h6" component="h2" color="error">
              Danger zone
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Deleting your account removes it and signs you out. Your payment history is kept.
            </Typography>
          </Box>
          <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={() => void onDelete()} disabled={busy}>
            Delete Account
          </Button>
        </CardContent>
      </Card>
    </Stack>
  );
}
