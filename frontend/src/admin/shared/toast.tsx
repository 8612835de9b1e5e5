import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, type ReactNode } from 'react';
import { HttpError, useCloseNotification, useNotify } from 'react-admin';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toastAlertSx } from '../../shared/ui/toastAlertSx';

/** Spec §9: one toast at a time (react-admin queues them), 5000 ms by default. */
export const ADMIN_TOAST_DURATION_MS = 5000;

export interface AdminToastOptions {
  title: string;
  description?: ReactNode;
  /** 'destructive' for failures (spec §8: toast variants default and destructive) */
  variant?: 'default' | 'destructive';
}

function ToastContent({ title, description, variant = 'default' }: AdminToastOptions) {
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

/**
 * The admin's toasts: react-admin's notification queue (useNotify) showing the portal's toast look,
 * a title and an optional description (spec §8), e.g. 'Success' / 'Client created successfully'.
 */
export function useAdminToast() {
  const notify = useNotify();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  return useCallback(
    (options: AdminToastOptions) =>
      notify(<ToastContent {...options} />, {
        type: options.variant === 'destructive' ? 'error' : 'success',
        autoHideDuration: ADMIN_TOAST_DURATION_MS,
        anchorOrigin: wide ? { vertical: 'bottom', horizontal: 'right' } : { vertical: 'top', horizontal: 'center' },
      }),
    [notify, wide],
  );
}

/** The server's sentence of a failed dataProvider call (HttpError.message is the body's `message`). */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError) {
    const body = error.body as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    if (error.status >= 500 || !error.message) return fallback;
    return error.message;
  }
  if (error instanceof Error && error.message && error.message !== 'Failed to fetch') return error.message;
  return fallback;
}

/** The per-field messages (`errors`: field -> message) of a failed dataProvider call, if any. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (error instanceof HttpError) {
    const errors = (error.body as { errors?: unknown } | undefined)?.errors;
    if (errors && typeof errors === 'object') {
      return Object.fromEntries(
        Object.entries(errors as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    }
  }
  return {};
}

/**
 * Puts a failed save's per-field messages under the form's own fields (react-hook-form), ignoring
 * fields the form does not have.
 */
export function showServerFieldErrors<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'setError'>, values: T, error: unknown): void {
  const known = Object.keys(values);
  for (const [field, message] of Object.entries(serverFieldErrors(error))) {
    if (known.includes(field)) form.setError(field as Path<T>, { type: 'server', message });
  }
}
