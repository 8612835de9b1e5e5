import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Cancel or confirm a destructive action (MUI's Dialog, titled and described for screen readers). */
export function ConfirmDialog({ open, title, text, confirmLabel, pendingLabel, pending, onConfirm, onClose }: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  // keeps the text while the dialog fades out
  const [shown, setShown] = useState({ title, text });
  if (open && (shown.title !== title || shown.text !== text)) setShown({ title, text });
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby={titleId} aria-describedby={descriptionId}>
      <DialogTitle id={titleId}>{shown.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>{shown.text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={close} disabled={pending} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" color="error" disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default ConfirmDialog;
