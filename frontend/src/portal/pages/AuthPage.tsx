import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { takeSessionEnded } from '../../shared/api/sessionEnded';
import { lazyPage } from '../../shared/lazyPage';
import { isAdmin } from '../../shared/api/types';
import { FullScreenSpinner } from '../../shared/ui/FullScreenSpinner';
import { AuthTabs, type AuthTab } from '../features/auth/components/AuthTabs';
import { LoginForm } from '../features/auth/components/LoginForm';
import { RegisterForm } from '../features/auth/components/RegisterForm';
import { useCurrentUser } from '../features/auth/hooks';
import { AuthShell } from '../layout/AuthShell';

// Loaded only when the note is to be shown; the page waits for it (spinner) rather than shifting
// under the user when it arrives.
const SessionEndedNotice = lazyPage(() => import('../features/auth/components/SessionEndedNotice'), 'SessionEndedNotice');

/** /auth: Login (default) and Register tabs; `?tab=register&email=x` opens Register pre-filled. */
export function AuthPage() {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tab: AuthTab = params.get('tab') === 'register' ? 'register' : 'login';
  const invitedEmail = params.get('email') ?? '';
  // sent here because the session ended (idle limit, signed out everywhere): say so once
  const [sessionEnded] = useState(takeSessionEnded);
  // 'loading' until the note's chunk is in; 'failed' (offline) shows the page without the note
  const [notice, setNotice] = useState<'none' | 'loading' | 'ready' | 'failed'>(() => (sessionEnded ? 'loading' : 'none'));
  useEffect(() => {
    if (notice !== 'loading') return;
    let live = true;
    SessionEndedNotice.preload().then(
      () => live && setNotice('ready'),
      () => live && setNotice('failed'),
    );
    return () => {
      live = false;
    };
  }, [notice]);
  // once a form is submitted, the form decides where to go (login and registration differ)
  const submitted = useRef(false);
  const onSubmitting = () => {
    submitted.current = true;
  };

  // The form shows while the session check runs: it is the page prerendered at build time, which
  // paints before any script (isLoading). A signed-in user is redirected once the check is in.
  if (notice === 'loading') return <FullScreenSpinner />;
  if (user && !submitted.current) return <Navigate to={isAdmin(user) ? '/admin' : '/'} replace />;

  const selectTab = (next: AuthTab) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'login') nextParams.delete('tab');
    else nextParams.set('tab', 'register');
    setParams(nextParams, { replace: true });
  };

  return (
    <AuthShell
      title={tab === 'login' ? 'Welcome back' : 'Create your account'}
      subtitle={tab === 'login' ? 'Sign in to see your projects.' : 'It only takes a minute.'}
    >
      {notice === 'ready' && tab === 'login' && <SessionEndedNotice />}
      <AuthTabs value={tab} onChange={selectTab} />
      <Box role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
        {tab === 'login' ? <LoginForm onSubmitting={onSubmitting} /> : <RegisterForm key={invitedEmail} defaultEmail={invitedEmail} onSubmitting={onSubmitting} />}
      </Box>
    </AuthShell>
  );
}
