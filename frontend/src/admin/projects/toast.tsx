import { useCallback } from 'react';
import { useAdminToast } from '../shared/toast';

export type ToastKind = 'success' | 'error';

/** The Projects page's call shape over the admin's one toast: toast(title, description?, kind). */
export function useToast() {
  const toast = useAdminToast();
  return useCallback(
    (title: string, description?: string, kind: ToastKind = 'success') =>
      toast({ title, description, variant: kind === 'error' ? 'destructive' : 'default' }),
    [toast],
  );
}

/** The human sentence of a failed call (react-admin's HttpError carries the body's `message`). */
export function errorMessage(error: unknown, fallback?: string): string | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return message && message.trim() !== '' ? message : fallback;
}
