import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CreditBundle, Project, PurchaseCreditsResponse } from '../../../../shared/api/schema';
import type { CardPaymentPart } from '../../invoices/types';
import { useOpenBundlePayment, useOpenCardPayment, type PaymentSession } from '../hooks';

// The dialog (card form, Stripe or the emulator's form) loads when a payment is first opened.
const PaymentDialog = lazy(() => import('./PaymentDialog').then((m) => ({ default: m.PaymentDialog })));

interface CardPaymentContextValue {
  /**
   * runs the opening sequence of spec §4 and opens the payment dialog when something is due; `part`:
   * the next installment, the deposit or the balance (CONTRACT §11, §14), else the server's choice
   */
  start: (project: Project, part?: CardPaymentPart) => void;
  /** the project whose payment is being prepared (balance and intent calls in flight) */
  openingId: number | null;
  /** creates the bundle's payment intent and opens the payment dialog for it (spec §4 "Credit purchase") */
  startBundle: (bundle: CreditBundle) => void;
  /** the bundle whose payment intent is being created */
  openingBundleId: number | null;
}

const focusedElement = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null);

const CardPaymentContext = createContext<CardPaymentContextValue | null>(null);

export interface CardPaymentProviderProps {
  children: ReactNode;
  /** a card payment succeeded and was recorded: `project` as the server returned it, `amount` in dollars */
  onPaid?: (project: Project, amount: number) => void;
  /** a bundle was paid for and its credits added */
  onPurchased?: (bundle: CreditBundle, result: PurchaseCreditsResponse) => void;
}

/**
 * Holds the one payment dialog of a page. 'Pay with Card' and 'Purchase' buttons inside it start a
 * payment; the dialog lives here rather than in a card so that it survives the card turning Paid when
 * the list refreshes.
 */
export function CardPaymentProvider({ children, onPaid, onPurchased }: CardPaymentProviderProps) {
  const { open, openingId } = useOpenCardPayment();
  const { open: openBundle, openingId: openingBundleId } = useOpenBundlePayment();
  const [session, setSession] = useState<PaymentSession | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const show = useCallback((next: PaymentSession | null) => {
    if (!next) return;
    setSession(next);
    setDialogOpen(true);
  }, []);

  // The button that started the payment: it is disabled while the dialog opens, which takes the focus
  // from it, so the dialog's own focus return finds nothing to go back to. It gets the focus back when
  // the dialog has closed (keyboard use, WCAG 2.4.3), unless the focus has gone elsewhere meanwhile.
  const opener = useRef<HTMLElement | null>(null);
  const restoreFocus = () => {
    const element = opener.current;
    opener.current = null;
    const active = document.activeElement;
    const lost = !active || active === document.body || active.closest('.MuiDialog-root') !== null;
    if (element?.isConnected && lost) element.focus();
  };

  const start = useCallback(
    (project: Project, part?: CardPaymentPart) => {
      opener.current = focusedElement();
      void open(project, part).then(show);
    },
    [open, show],
  );
  const startBundle = useCallback(
    (bundle: CreditBundle) => {
      opener.current = focusedElement();
      void openBundle(bundle).then(show);
    },
    [openBundle, show],
  );

  const value = useMemo(() => ({ start, openingId, startBundle, openingBundleId }), [start, openingId, startBundle, openingBundleId]);

  return (
    <CardPaymentContext.Provider value={value}>
      {children}
      {session && (
        <Suspense fallback={null}>
          <PaymentDialog
            session={session}
            open={dialogOpen}
            onClose={() => setDialogOpen(false)}
            onExited={() => {
              setSession((current) => (dialogOpen ? current : null));
              restoreFocus();
            }}
            onPaid={(project) => {
              // the success dialog takes the focus over
              opener.current = null;
              setDialogOpen(false);
              onPaid?.(project, session?.amount ?? 0);
            }}
            onPurchased={(bundle, result) => {
              setDialogOpen(false);
              onPurchased?.(bundle, result);
            }}
          />
        </Suspense>
      )}
    </CardPaymentContext.Provider>
  );
}

export function useCardPayment(): CardPaymentContextValue {
  const ctx = useContext(CardPaymentContext);
  if (!ctx) throw new Error('useCardPayment must be used inside <CardPaymentProvider>');
  return ctx;
}
