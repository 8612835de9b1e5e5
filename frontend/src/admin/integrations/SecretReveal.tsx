import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

export interface SecretRevealProps {
  /** what the secret is, e.g. 'API token' */
  label: string;
  secret: string;
  /** what to do with it, under the secret */
  hint?: string;
}

/** A secret shown once: the value, a Copy button (navigator.clipboard) and the warning that it will not be shown again. */
export function SecretReveal({ label, secret, hint }: SecretRevealProps) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const valueId = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="warning">Copy it now: it will not be shown again. Store it somewhere safe, such as a password manager.</Alert>
      <Box>
        <Typography id={`${valueId}-label`} variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
          {label}
        </Typography>
        <Box
          component="output"
          id={valueId}
          aria-labelledby={`${valueId}-label`}
          data-testid="secret-value"
          sx={{
            display: 'block',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '0.875rem',
            wordBreak: 'break-all',
            bgcolor: 'grey.100',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 1.5,
            py: 1.25,
            userSelect: 'all',
          }}
        >
          {secret}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={copy}>
          Copy
        </Button>
        <Typography role="status" variant="body2" color={copied === 'failed' ? 'error' : 'success.main'}>
          {copied === 'yes' ? 'Copied to the clipboard' : copied === 'failed' ? 'Could not copy: select the text and copy it' : ''}
        </Typography>
      </Box>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Box>
  );
}

/** The step of a dialog that shows a new secret once: the secret, then Done. */
export function SecretRevealStep({ onDone, ...reveal }: SecretRevealProps & { onDone: () => void }) {
  return (
    <>
      <DialogContent>
        <SecretReveal {...reveal} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
