import { PageHeader } from '../../shared/ui/PageHeader';
import { AccountForm } from '../features/account/components/AccountForm';
import { useCurrentUser } from '../features/auth/hooks';

/** /account: Account Settings. */
export function AccountPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <PageHeader title="Account Settings" subtitle="Manage your profile, e-mail and password." />
      {user && <AccountForm key={user.id} user={user} />}
    </>
  );
}
