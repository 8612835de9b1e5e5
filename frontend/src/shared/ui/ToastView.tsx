import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback } from 'react';
import { TOAST_DURATION_MS, type ActiveToast } from './toast';
import { toastAlertSx } from './toastAlertSx';

export interface ToastViewProps {
  toast: ActiveToast;
  open: boolean;
  onClose: () => void;
  onExited: (id: number) => void;
}

/**
 * The toast on screen: MUI's Snackbar and Alert. Its own chunk, loaded when the first toast is shown
 * (ToastProvider), so that no page's first load carries it (decision 0014).
 */
export function ToastView({ toast: current, open, onClose, onExited }: ToastViewProps) {
  const theme = useTheme();
  // top on small screens, bottom-right on wider ones
  const wide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const destructive = current.variant === 'destructive';

  const handleClose = useCallback(
    (_event?: unknown, reason?: SnackbarCloseReason) => {
      // a click elsewhere on the page does not dismiss the toast
      if (reason === 'clickaway') return;
      onClose();
    },
    [onClose],
  );

  return (
    <Snackbar
      key={current.id}
      open={open}
      autoHideDuration={current.duration ?? TOAST_DURATION_MS}
      onClose={handleClose}
      anchorOrigin={wide ? { vertical: 'bottom', horizontal: 'right' } : { vertical: 'top', horizontal: 'center' }}
      slotProps={{ transition: { onExited: () => onExited(current.id) } }}
      sx={{ width: { xs: 'calc(100% - 16px)', sm: 'auto' }, maxWidth: { md: 420 } }}
    >
      <Alert
        role={destructive ? 'alert' : 'status'}
        aria-live={destructive ? 'assertive' : 'polite'}
        severity={destructive ? 'error' : 'success'}
        variant={destructive ? 'filled' : 'standard'}
        onClose={() => handleClose()}
        data-variant={current.variant ?? 'default'}
        sx={toastAlertSx(destructive)}
      >
        <AlertTitle sx={{ mb: current.description ? 0.25 : 0, fontWeight: 700 }}>{current.title}</AlertTitle>
        {current.description}
      </Alert>
    </Snackbar>
  );
}
