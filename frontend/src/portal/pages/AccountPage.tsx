import { Suspense } from 'react';
import { lazyPage } from '../../shared/lazyPage';
import { PageHeader } from '../../shared/ui/PageHeader';
import { AccountForm } from '../features/account/components/AccountForm';
import { useCurrentUser } from '../features/auth/hooks';

// the two-factor card (and its QR code library) is its own chunk, below the fold on a phone
const TwoFactorSection = lazyPage(() => import('../features/account/components/TwoFactorSection'), 'TwoFactorSection');

/** /account: Account Settings. */
export function AccountPage() {
  const { user } = useCurrentUser();
  return (
    <>
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
    </>
  );
}
