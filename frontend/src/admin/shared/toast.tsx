import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, type ComponentType, type ReactNode } from 'react';
import { HttpError, useNotify } from 'react-admin';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** Spec §9: one toast at a time (react-admin queues them), 5000 ms by default. */
export const ADMIN_TOAST_DURATION_MS = 5000;

export interface AdminToastOptions {
  title: string;
  description?: ReactNode;
  /** 'destructive' for failures (spec §8: toast variants default and destructive) */
  variant?: 'default' | 'destructive';
}

// The toast's look (MUI Alert, ToastContent.tsx) is a chunk of its own: no page shows a toast on its first
// render, only after a click. useAdminToast fetches it once the page has rendered, so it is there by the
// time a toast is asked for (decision 0026).
let toastContent: ComponentType<AdminToastOptions> | undefined;
let loadingToastContent: Promise<ComponentType<AdminToastOptions>> | undefined;

/** Fetches the toast's chunk (once; again after a failure). The unit tests call it up front. */
export function preloadAdminToast(): Promise<ComponentType<AdminToastOptions>> {
  loadingToastContent ??= import('./ToastContent').then(
    (m) => (toastContent = m.ToastContent),
    (error: unknown) => {
      loadingToastContent = undefined;
      throw error;
    },
  );
  return loadingToastContent;
}

/**
 * The admin's toasts: react-admin's notification queue (useNotify) showing the portal's toast look,
 * a title and an optional description (spec §8), e.g. 'Success' / 'Client created successfully'.
 */
export function useAdminToast() {
  const notify = useNotify();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  useEffect(() => {
    preloadAdminToast().catch(() => undefined); // a toast asked for later tries again
  }, []);
  return useCallback(
    (options: AdminToastOptions) => {
      const type = options.variant === 'destructive' ? 'error' : 'success';
      const anchorOrigin = wide
        ? ({ vertical: 'bottom', horizontal: 'right' } as const)
        : ({ vertical: 'top', horizontal: 'center' } as const);
      const show = (Content: ComponentType<AdminToastOptions>) =>
        notify(<Content {...options} />, { type, autoHideDuration: ADMIN_TOAST_DURATION_MS, anchorOrigin });
      if (toastContent) {
        show(toastContent);
        return;
      }
      preloadAdminToast().then(show, () =>
        // the chunk cannot be fetched (offline): react-admin's own plain notification still says it
        notify(typeof options.description === 'string' ? `${options.title}: ${options.description}` : options.title, {
          type,
          autoHideDuration: ADMIN_TOAST_DURATION_MS,
          anchorOrigin,
        }),
      );
    },
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
