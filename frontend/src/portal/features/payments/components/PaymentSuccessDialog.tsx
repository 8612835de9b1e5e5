import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Project } from '../../../../shared/api/schema';
import { formatCurrency } from '../../../../shared/ui/formatters';

export interface PaymentSuccessDialogProps {
  /** the project just paid (as confirm-payment returned it); the dialog is open while set */
  project: Project | null;
  /** dollars paid, shown when known */
  amount?: number | null;
  open: boolean;
  /** 'Return to Dashboard' or Escape */
  onClose: () => void;
  onExited?: () => void;
}

/** Spec §2: 'Payment Successful!' with 'Download Photos' (the project's download link) and 'Return to Dashboard'. */
export function PaymentSuccessDialog({ project, amount, open, onClose, onExited }: PaymentSuccessDialogProps) {
  const titleId = useId();
  const textId = useId();
  // a deposit (CONTRACT §11) leaves the project unpaid: nothing to download until the balance is paid
  const owing = project !== null && !project.isPaid && project.unpaidAmount > 0;
  const link = owing ? null : project?.downloadLink || null;
  // photos delivered in the portal (CONTRACT §10): 'Download Photos' opens the project's gallery
  const gallery = !owing && !link && project && project.photoCount > 0 ? `/projects/${project.id}` : null;

  return (
    <Dialog
      open={open && project !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited } }}
    >
      <DialogContent sx={{ textAlign: 'center', pt: 4, px: { xs: 3, sm: 4 } }}>
        <Box
          aria-hidden
          sx={{
            mx: 'auto',
            mb: 2,
            width: 72,
            height: 72,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: '#dcfce7',
            color: '#15803d',
          }}
        >
          <CheckCircleRounded sx={{ fontSize: 44 }} />
        </Box>
        <Typography id={titleId} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Payment Successful!
        </Typography>
        <Typography id={textId} variant="body1" color="text.secondary" sx={{ mt: 1 }}>
          {amount ? `Your payment of ${formatCurrency(amount)}` : 'Your payment'} for{' '}
          <Box component="strong" sx={{ color: 'text.primary' }}>
            {project?.name}
          </Box>{' '}
          has been received.{' '}
          {owing
            ? `The balance of ${formatCurrency(project?.unpaidAmount)} is due before your photos can be downloaded.`
            : link || gallery
              ? 'Your photos are ready to download.'
              : 'Your photos will be available to download as soon as the studio adds them.'}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexDirection: 'column', gap: 1, px: { xs: 3, sm: 4 }, pb: 3.5, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {link ? (
          <Button fullWidth size="large" variant="contained" href={link} target="_blank" rel="noopener noreferrer" startIcon={<Download />}>
            Download Photos
          </Button>
        ) : gallery ? (
          <Button fullWidth size="large" variant="contained" component={RouterLink} to={gallery} startIcon={<Download />}>
            Download Photos
          </Button>
        ) : (
          <Button fullWidth size="large" variant="contained" disabled startIcon={<Download />}>
            Download Photos
          </Button>
        )}
        <Button fullWidth size="large" variant="outlined" onClick={onClose}>
          Return to Dashboard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
