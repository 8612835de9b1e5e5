import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { SESSION_ENDED_MESSAGE, takeSessionEnded } from '../../shared/api/sessionEnded';
import { isAdmin } from '../../shared/api/types';
import { FullScreenSpinner } from '../../shared/ui/FullScreenSpinner';
import { LoginForm } from '../features/auth/components/LoginForm';
import { RegisterForm } from '../features/auth/components/RegisterForm';
import { useCurrentUser } from '../features/auth/hooks';
import { AuthShell } from '../layout/AuthShell';

type AuthTab = 'login' | 'register';

/** /auth: Login (default) and Register tabs; `?tab=register&email=x` opens Register pre-filled. */
export function AuthPage() {
  const { user, isLoading } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tab: AuthTab = params.get('tab') === 'register' ? 'register' : 'login';
  const invitedEmail = params.get('email') ?? '';
  // sent here because the session ended (idle limit, signed out everywhere): say so once
  const [sessionEnded] = useState(takeSessionEnded);
  // once a form is submitted, the form decides where to go (login and registration differ)
  const submitted = useRef(false);
  const onSubmitting = () => {
    submitted.current = true;
  };

  if (isLoading) return <FullScreenSpinner />;
  // a signed-in user is redirected at once
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
      {sessionEnded && tab === 'login' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {SESSION_ENDED_MESSAGE}
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(_e, value: AuthTab) => selectTab(value)}
        variant="fullWidth"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label="Login" value="login" id="auth-tab-login" aria-controls="auth-panel-login" />
        <Tab label="Register" value="register" id="auth-tab-register" aria-controls="auth-panel-register" />
      </Tabs>
      <Box role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
        {tab === 'login' ? <LoginForm onSubmitting={onSubmitting} /> : <RegisterForm key={invitedEmail} defaultEmail={invitedEmail} onSubmitting={onSubmitting} />}
      </Box>
    </AuthShell>
  );
}
