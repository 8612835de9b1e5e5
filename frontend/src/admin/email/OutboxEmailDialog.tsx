import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { formatDateTime } from '../../shared/ui/formatters';
import { serverMessage } from '../shared/toast';
import { useEmailApi } from './dataProvider';
import { kindLabel } from './labels';
import { OutboxStatusChip } from './OutboxStatusChip';
import { outboxEmailKey } from './queries';
import { SandboxedFrame } from './SandboxedFrame';
import type { OutboxEmail, OutboxEmailDetail } from './types';

type Part = 'html' | 'text';

export const HIDDEN_RESET_CONTENT = 'The content of password-reset emails is not shown.';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function Content({ email }: { email: OutboxEmailDetail }) {
  const [part, setPart] = useState<Part>('html');
  const hidden = email.kind === 'password-reset';
  const missing = (what: string) => (hidden ? HIDDEN_RESET_CONTENT : `This email has no ${what} part.`);
  return (
    <Box sx={{ mt: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
          Content
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label="Email part"
          value={part}
          onChange={(_event, next: Part | null) => {
            if (next) setPart(next);
          }}
        >
          <ToggleButton value="html">HTML</ToggleButton>
          <ToggleButton value="text">Plain text</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {part === 'html' ? (
        email.html === null ? (
          <Alert severity="info" role="note">
            {missing('HTML')}
          </Alert>
        ) : (
          <SandboxedFrame title="Email content" html={email.html} height={420} />
        )
      ) : email.text === null ? (
        <Alert severity="info" role="note">
          {missing('plain-text')}
        </Alert>
      ) : (
        <Box
          component="pre"
          aria-label="Plain text"
          sx={{
            m: 0,
            p: 1.5,
            maxHeight: 420,
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: 13,
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          {email.text}
        </Box>
      )}
    </Box>
  );
}

interface OutboxEmailDialogProps {
  /** the row to show; null closes the dialog */
  email: OutboxEmail | null;
  onClose: () => void;
}

/** One outbox message: its fields, the server's answer and the stored content (HTML in a sandboxed frame). */
export function OutboxEmailDialog({ email, onClose }: OutboxEmailDialogProps) {
  const api = useEmailApi();
  const titleId = useId();
  // the last row shown stays while the dialog closes (no flash of an empty dialog)
  const [kept, setKept] = useState(email);
  if (email !== null && email !== kept) setKept(email);
  const detail = useQuery({
    queryKey: outboxEmailKey(kept?.id ?? ''),
    queryFn: () => api.getOutboxEmail(kept!.id),
    enabled: email !== null,
    retry: false,
  });
  // the row's fields show at once; the detail brings the content (and fresher fields)
  const shown: OutboxEmail | null = detail.data ?? kept;

  return (
    <Dialog open={email !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 3, overflowWrap: 'anywhere' }}>
        {shown?.subject || 'Email'}
      </DialogTitle>
      <DialogContent dividers>
        {shown && (
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1 }}>
            <Field label="Subject">{shown.subject}</Field>
            <Field label="Recipient">{shown.to}</Field>
            <Field label="Type">{kindLabel(shown.kind)}</Field>
            <Field label="Status">
              <OutboxStatusChip status={shown.status} />
            </Field>
            <Field label="Created">{formatDateTime(shown.createdAt)}</Field>
            {shown.sentAt && <Field label="Sent">{formatDateTime(shown.sentAt)}</Field>}
            {shown.nextAttemptAt && (shown.status === 'pending' || shown.status === 'failed') && (
              <Field label="Next try">{formatDateTime(shown.nextAttemptAt)}</Field>
            )}
            <Field label="Tries">{shown.attempts}</Field>
            <Field label="Server response">{shown.serverResponse || '-'}</Field>
            {shown.lastError && <Field label="Last error">{shown.lastError}</Field>}
          </Box>
        )}
        {detail.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading email content" />
          </Box>
        ) : detail.isError ? (
          <Alert severity="error" sx={{ mt: 2.5 }}>
            {serverMessage(detail.error, 'Failed to load the email')}
          </Alert>
        ) : (
          <Content key={detail.data.id} email={detail.data} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
