import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Title } from 'react-admin';
import { AccountForm } from '../../portal/features/account/components/AccountForm';
import { useCurrentUser } from '../../portal/features/auth/hooks';
import { lazyPage } from '../../shared/lazyPage';
import { PageHeader } from '../../shared/ui/PageHeader';

const TwoFactorSection = lazyPage(() => import('../../portal/features/account/components/TwoFactorSection'), 'TwoFactorSection');

/**
 * /admin/account: the photographer's own Account Settings in the back office (profile, password,
 * two-factor sign-in), the same forms as the portal's /account.
 */
export function AccountSettingsPage() {
  const { user } = useCurrentUser();
  return (
    <Box sx={{ maxWidth: 880 }}>
      <Title title="Account Settings" />
      <PageHeader title="Account Settings" subtitle="Manage your profile, e-mail, password and sign-in." />
      {user && (
        <AccountForm
          key={user.id}
          user={user}
          between={
            <Suspense fallback={null}>
              <TwoFactorSection user={user} />
            </Suspense>
          }
        />
      )}
    </Box>
  );
}
