import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Project } from '../../../../shared/api/types';
import { useOpenCardPayment, type PaymentSession } from '../hooks';
import { PaymentDialog } from './PaymentDialog';

interface CardPaymentContextValue {
  /** runs the opening sequence of spec §4 and opens the payment dialog when something is due */
  start: (project: Project) => void;
  /** the project whose payment is being prepared (balance and intent calls in flight) */
  openingId: number | null;
}

const CardPaymentContext = createContext<CardPaymentContextValue | null>(null);

export interface CardPaymentProviderProps {
  children: ReactNode;
  /** a card payment succeeded and was recorded: `project` as the server returned it, `amount` in dollars */
  onPaid: (project: Project, amount: number) => void;
}

/**
 * Holds the one payment dialog of a page. 'Pay with Card' buttons inside it start a payment; the dialog
 * lives here rather than in a card so that it survives the card turning Paid when the list refreshes.
 */
export function CardPaymentProvider({ children, onPaid }: CardPaymentProviderProps) {
  const { open, openingId } = useOpenCardPayment();
  const [session, setSession] = useState<PaymentSession | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const start = useCallback(
    (project: Project) => {
      void open(project).then((next) => {
        if (!next) return;
        setSession(next);
        setDialogOpen(true);
      });
    },
    [open],
  );

  const value = useMemo(() => ({ start, openingId }), [start, openingId]);

  return (
    <CardPaymentContext.Provider value={value}>
      {children}
      <PaymentDialog
        session={session}
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onExited={() => setSession((current) => (dialogOpen ? current : null))}
        onPaid={(project) => {
          setDialogOpen(false);
          onPaid(project, session?.amount ?? 0);
        }}
      />
    </CardPaymentContext.Provider>
  );
}

export function useCardPayment(): CardPaymentContextValue {
  const ctx = useContext(CardPaymentContext);
  if (!ctx) throw new Error('useCardPayment must be used inside <CardPaymentProvider>');
  return ctx;
}
