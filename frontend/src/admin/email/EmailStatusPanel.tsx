import Refresh from '@mui/icons-material/Refresh';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { serverMessage } from '../shared/toast';
import { Code } from './Code';
import { useEmailApi } from './dataProvider';
import { EMAIL_STATUS_KEY } from './queries';
import type { EmailStatus } from './types';

/** Each check really connects to the mail server (a few seconds): reuse a result for a minute. */
const STATUS_STALE_MS = 60_000;

/** GET /api/email-status with one retry only (spec §7). Shared by Test Emails and System Info. */
export function useEmailStatus() {
  const api = useEmailApi();
  return useQuery({
    queryKey: EMAIL_STATUS_KEY,
    queryFn: () => api.getEmailStatus(),
    retry: 1,
    staleTime: STATUS_STALE_MS,
  });
}

interface StatusView {
  severity: AlertColor;
  /** null: the body says it all */
  title: string | null;
  body: ReactNode;
}

/** The words of each e-mail status (spec §4 "E-mail status display", CONTRACT §5). */
export function describeStatus(status: EmailStatus): StatusView {
  // the spec also mentions 'connected with reason no_credentials': the reason decides
  if (status.reason === 'no_credentials' || status.status === 'mock') {
    return {
      severity: 'warning',
      title: 'Mock mode: emails are not delivered',
      body: (
        <>
          The mail credentials are missing (<Code>SMTP_URL</Code> is not set), so emails are only logged by the mock transporter and kept in
          the outbox; they are not delivered to anyone.
        </>
      ),
    };
  }
  if (status.status === 'connected') {
    return {
      severity: 'success',
      title: null,
      body: 'Connected: the mail server accepted the connection and the credentials.',
    };
  }
  if (status.status === 'error') {
    const detail = status.error ? (
      <Box sx={{ mt: 0.5 }}>
        Server answer: <Code>{status.error}</Code>
      </Box>
    ) : null;
    return status.reason === 'authentication_failed'
      ? {
          severity: 'error',
          title: 'Authentication failed',
          body: (
            <>
              The mail server refused the user name or password.
              {detail}
            </>
          ),
        }
      : {
          severity: 'error',
          title: 'Connection error',
          body: (
            <>
              The mail server could not be reached or refused the connection.
              {detail}
            </>
          ),
        };
  }
  return { severity: 'info', title: 'Unknown status', body: `The server reported the status '${status.status || 'unknown'}'.` };
}

function Troubleshooting() {
  return (
    <Box component="section" aria-label="Troubleshooting" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        Troubleshooting
      </Typography>
      <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
        <li>
          Check the host and port in <Code>SMTP_URL</Code>, e.g. <Code>smtp://user:pass@mail.example.com:587</Code>.
        </li>
        <li>Check the user name and password; many providers require an app password instead of the account password.</li>
        <li>
          Check that the mail server accepts connections from this host, and the TLS settings: use <Code>smtps://</Code> for port 465 and{' '}
          <Code>smtp://</Code> (STARTTLS) for port 587.
        </li>
        <li>
          See the outbox below for each message's last error. Messages are kept and retried automatically, so nothing is lost while the
          server is unreachable.
        </li>
      </Box>
    </Box>
  );
}

interface EmailStatusPanelProps {
  /** Test Emails: the status alone, troubleshooting stays on System Info */
  compact?: boolean;
}

/** The e-mail status: 'Checking...', connected, mock (no credentials) or error, with 'Check again'. */
export function EmailStatusPanel({ compact = false }: EmailStatusPanelProps) {
  const status = useEmailStatus();

  const checkAgain = (
    <Button
      size="small"
      color="inherit"
      startIcon={status.isFetching ? <CircularProgress size={14} color="inherit" /> : <Refresh />}
      disabled={status.isFetching}
      onClick={() => void status.refetch()}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {status.isFetching ? 'Checking...' : 'Check again'}
    </Button>
  );

  if (status.isPending) {
    return (
      <Alert severity="info" icon={<CircularProgress size={20} aria-label="Checking email status" />} role="status">
        Checking...
      </Alert>
    );
  }

  if (status.isError) {
    return (
      <Alert severity="error" role="status" action={checkAgain}>
        <AlertTitle>Status unknown</AlertTitle>
        Could not check the email status: {serverMessage(status.error, 'Failed to check email status')}
      </Alert>
    );
  }

  const view = describeStatus(status.data);
  return (
    <Stack spacing={0}>
      <Alert severity={view.severity} role="status" action={checkAgain} data-email-status={status.data.status}>
        {view.title && <AlertTitle>{view.title}</AlertTitle>}
        {view.body}
        {compact && status.data.status === 'error' && <Box sx={{ mt: 0.5 }}>See System Info for troubleshooting.</Box>}
      </Alert>
      {!compact && status.data.status === 'error' && <Troubleshooting />}
    </Stack>
  );
}
