import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { ToastViewProps } from './ToastView';

/** Spec §9: one toast at a time, 5000 ms by default, variants default and destructive. */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
  /** ms before the toast closes by itself; default 5000 */
  duration?: number;
}

export interface ActiveToast extends ToastOptions {
  id: number;
}

interface ToastContextValue {
  toast: (options: ToastOptions) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

let nextId = 1;

// The Snackbar and Alert (ToastView) are a chunk of their own, fetched when the first toast is shown:
// most page loads show none, and they would cost every page's first load ~4 kB (decision 0014).
let toastView: ComponentType<ToastViewProps> | undefined;
let loadingToastView: Promise<ComponentType<ToastViewProps>> | undefined;

/** Fetches the toast's chunk (once); tests call it up front so that toasts show synchronously. */
export function preloadToastView(): Promise<ComponentType<ToastViewProps>> {
  loadingToastView ??= import('./ToastView').then(
    (m) => (toastView = m.ToastView),
    (error: unknown) => {
      loadingToastView = undefined; // a later toast tries again
      throw error;
    },
  );
  return loadingToastView;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);
  const [View, setView] = useState(() => toastView);

  useEffect(() => {
    if (!current || View) return;
    let live = true;
    preloadToastView().then(
      (view) => live && setView(() => view),
      () => undefined, // offline: the toast cannot show
    );
    return () => {
      live = false;
    };
  }, [current, View]);

  const toast = useCallback((options: ToastOptions) => {
    // one at a time: a new toast replaces the one on screen
    setCurrent({ ...options, id: nextId++ });
    setOpen(true);
  }, []);

  const dismiss = useCallback(() => setOpen(false), []);
  const onExited = useCallback((id: number) => setCurrent((c) => (c?.id === id ? null : c)), []);

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {current && View && <View toast={current} open={open} onClose={dismiss} onExited={onExited} />}
    </ToastContext.Provider>
  );
}

/** `const { toast } = useToast(); toast({ title, description, variant: 'destructive' })` */
export function useToast(): ToastContextValue {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
