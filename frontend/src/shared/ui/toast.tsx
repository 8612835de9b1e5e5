import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

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

interface ActiveToast extends ToastOptions {
  id: number;
}

interface ToastContextValue {
  toast: (options: ToastOptions) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);
  const theme = useTheme();
  // top on small screens, bottom-right on wider ones
  const wide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });

  const toast = useCallback((options: ToastOptions) => {
    // one at a time: a new toast replaces the one on screen
    setCurrent({ ...options, id: nextId++ });
    setOpen(true);
  }, []);

  const dismiss = useCallback(() => setOpen(false), []);

  const handleClose = useCallback((_event?: unknown, reason?: SnackbarCloseReason) => {
    // a click elsewhere on the page does not dismiss the toast
    if (reason === 'clickaway') return;
    setOpen(false);
  }, []);

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  const destructive = current?.variant === 'destructive';

  return (
    <ToastContext.Provider value={value}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={open}
          autoHideDuration={current.duration ?? TOAST_DURATION_MS}
          onClose={handleClose}
          anchorOrigin={wide ? { vertical: 'bottom', horizontal: 'right' } : { vertical: 'top', horizontal: 'center' }}
          slotProps={{ transition: { onExited: () => setCurrent((c) => (c?.id === current.id ? null : c)) } }}
          sx={{ width: { xs: 'calc(100% - 16px)', sm: 'auto' }, maxWidth: { md: 420 } }}
        >
          <Alert
            role={destructive ? 'alert' : 'status'}
            aria-live={destructive ? 'assertive' : 'polite'}
            severity={destructive ? 'error' : 'success'}
            variant={destructive ? 'filled' : 'standard'}
            onClose={() => handleClose()}
            data-variant={current.variant ?? 'default'}
            sx={{
              width: '100%',
              minWidth: { sm: 340 },
              maxWidth: { md: 420 },
              boxShadow: '0 10px 30px rgba(15, 23, 42, 0.18)',
              alignItems: 'flex-start',
              ...(destructive
                ? {}
                : { bgcolor: 'background.paper', color: 'text.primary', border: 1, borderColor: 'divider' }),
            }}
          >
            <AlertTitle sx={{ mb: current.description ? 0.25 : 0, fontWeight: 700 }}>{current.title}</AlertTitle>
            {current.description}
          </Alert>
        </Snackbar>
      )}
    </ToastContext.Provider>
  );
}

/** `const { toast } = useToast(); toast({ title, description, variant: 'destructive' })` */
export function useToast(): ToastContextValue {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
