import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect, useState, type MouseEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { takeSessionEnded } from '../../shared/api/sessionEnded';
import { lazyPage } from '../../shared/lazyPage';
import { isAdmin } from '../../shared/api/user';
import { FullScreenSpinner } from '../../shared/ui/FullScreenSpinner';
import { useHydrated } from '../../shared/useHydrated';
import { LoginForm } from '../features/auth/components/LoginForm';
import { RegisterForm } from '../features/auth/components/RegisterForm';
import { useCurrentUser } from '../features/auth/hooks';
import { AuthShell } from '../layout/AuthShell';

// Loaded only when the note is to be shown; the page waits for it (spinner) rather than shifting
// under the user when it arrives.
const SessionEndedNotice = lazyPage(() => import('../features/auth/components/SessionEndedNotice'), 'SessionEndedNotice');

type AuthTab = 'login' | 'register';

/** /auth: Login (default) and Register tabs; `?tab=register&email=x` opens Register pre-filled. */
export function AuthPage() {
  // the form shows while the session check runs (the page can be served prerendered): a signed-in
  // user is sent on as soon as the check answers, and not before the prerendered form is hydrated: the
  // check may answer first, and hydration must render what the HTML holds (React error #418 otherwise)
  const { user } = useCurrentUser();
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const tab: AuthTab = params.get('tab') === 'register' ? 'register' : 'login';
  const invitedEmail = params.get('email') ?? '';
  const invite = params.get('invite') ?? undefined;
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
  const [submitted, setSubmitted] = useState(false);
  const onSubmitting = () => setSubmitted(true);

  if (notice === 'loading' && hydrated) return <FullScreenSpinner />;
  // a signed-in user is redirected at once (right after hydration on the prerendered page)
  if (user && !submitted && hydrated) return <Navigate to={isAdmin(user) ? '/admin' : '/'} replace />;

  const stay = (event: MouseEvent) => event.preventDefault();
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
      <Tabs
        value={tab}
        onChange={(_, next: AuthTab) => selectTab(next)}
        variant="fullWidth"
        aria-label="Login or register"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {/* links as well as tabs: on the prerendered page a tap before the scripts have run still opens the
            other form (the address does it); once hydrated, the tab switches in place */}
        <Tab value="login" label="Login" id="auth-tab-login" aria-controls="auth-panel-login" component="a" href="/auth" onClick={stay} />
        <Tab
          value="register"
          label="Register"
          id="auth-tab-register"
          aria-controls="auth-panel-register"
          component="a"
          href="/auth?tab=register"
          onClick={stay}
        />
      </Tabs>
      <Box role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
        {tab === 'login' ? (
          <LoginForm onSubmitting={onSubmitting} />
        ) : (
          <RegisterForm key={invitedEmail} defaultEmail={invitedEmail} invite={invite} onSubmitting={onSubmitting} />
        )}
      </Box>
    </AuthShell>
  );
}
