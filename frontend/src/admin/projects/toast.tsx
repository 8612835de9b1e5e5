import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useCallback } from 'react';
import { useNotify } from 'react-admin';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

/** A toast with a title and an optional description (spec §8 toasts come as title + sentence). */
export function ToastMessage({ title, description, kind }: { title: string; description?: string; kind: ToastKind }) {
  const destructive = kind === 'error';
  return (
    <Alert
      role={destructive ? 'alert' : 'status'}
      severity={kind}
      variant={destructive ? 'filled' : 'standard'}
      sx={{ width: '100%', minWidth: { sm: 320 }, maxWidth: { md: 420 }, boxShadow: 3 }}
    >
      <AlertTitle sx={{ mb: description ? 0.25 : 0, fontWeight: 600 }}>{title}</AlertTitle>
      {description}
    </Alert>
  );
}

/** react-admin's useNotify with a title + description toast. */
export function useToast() {
  const notify = useNotify();
  return useCallback(
    (title: string, description?: string, kind: ToastKind = 'success') =>
      notify(<ToastMessage title={title} description={description} kind={kind} />, { type: kind }),
    [notify],
  );
}

/** The human sentence of a failed call (react-admin's HttpError carries the body's `message`). */
export function errorMessage(error: unknown, fallback?: string): string | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return message && message.trim() !== '' ? message : fallback;
}
