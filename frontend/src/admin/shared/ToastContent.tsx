import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useCloseNotification } from 'react-admin';
import { toastAlertSx } from '../../shared/ui/toastAlertSx';
import type { AdminToastOptions } from './toast';

/** The look of an admin toast (spec §8): an Alert with a title and an optional description. */
export function ToastContent({ title, description, variant = 'default' }: AdminToastOptions) {
  const close = useCloseNotification();
  const destructive = variant === 'destructive';
  return (
    <Alert
      role={destructive ? 'alert' : 'status'}
      severity={destructive ? 'error' : 'success'}
      variant={destructive ? 'filled' : 'standard'}
      onClose={close}
      data-variant={variant}
      sx={toastAlertSx(destructive)}
    >
      <AlertTitle sx={{ mb: description ? 0.25 : 0, fontWeight: 700 }}>{title}</AlertTitle>
      {description}
    </Alert>
  );
}
