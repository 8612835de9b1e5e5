import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { CreditBundle, Project } from '../../../shared/api/schema';
import { INVOICES_PREFIX, MY_INVOICES_KEY } from '../invoices/keys';
import type { CardPaymentPart, PaidPart } from '../invoices/types';
import { useToast } from '../../../shared/ui/toast';
import { MY_PAYMENTS_KEY } from './receipts';

/** Prefix of every client's project list query (['/api/projects/client', userId]). */
const CLIENT_PROJECTS_PREFIX = ['/api/projects/client'] as const;

/** Puts an updated project into every cached project list, then refetches the lists. */
export function refreshProjectLists(queryClient: QueryClient, updated?: Project | null) {
  if (updated && typeof updated === 'object' && typeof updated.id === 'number') {
    queryClient.setQueriesData<Project[]>({ queryKey: CLIENT_PROJECTS_PREFIX }, (list) =>
      Array.isArray(list) ? list.map((p) => (p.id === updated.id ? { ...p, ...updated } : p)) : list,
    );
  }
  // a payment just made has a receipt now (the Receipt button, the Payments page)
  void queryClient.invalidateQueries({ queryKey: MY_PAYMENTS_KEY });
  // and the invoice it posted to (CONTRACT §14: the Invoices page, an open invoice's schedule)
  void queryClient.invalidateQueries({ queryKey: MY_INVOICES_KEY });
  void queryClient.invalidateQueries({ queryKey: INVOICES_PREFIX });
  return queryClient.invalidateQueries({ queryKey: CLIENT_PROJECTS_PREFIX });
}

interface PaymentSessionBase {
  clientSecret: string;
  paymentIntentId: string;
  /** dollars */
  amount: number;
}

/** Paying what is due on a project (confirmed with POST /api/confirm-payment). */
export interface ProjectPaymentSession extends PaymentSessionBase {
  project: Project;
  /** what the payment pays (CONTRACT §11, §14): the deposit, an installment, or the balance (everything still owed) */
  part: CardPaymentPart | PaidPart;
  bundle?: undefined;
}

/** Buying a credit bundle (recorded with POST /api/purchase-credits). */
export interface BundlePaymentSession extends PaymentSessionBase {
  bundle: CreditBundle;
  project?: undefined;
}

/** Everything the payment dialog needs about one payment attempt: its target is a project or a bundle. */
export type PaymentSession = ProjectPaymentSession | BundlePaymentSession;

/**
 * One opening at a time: `run(id, work)` does nothing (null) while another run is in flight, and
 * `openingId` names the item being opened so its button can show progress.
 */
function useSingleFlight() {
  const [openingId, setOpeningId] = useState<number | null>(null);
  const busy = useRef(false);
  const run = useCallback(async <T>(id: number, work: () => Promise<T | null>): Promise<T | null> => {
    if (busy.current) return null;
    busy.current = true;
    setOpeningId(id);
    try {
      return await work();
    } finally {
      busy.current = false;
      setOpeningId(null);
    }
  }, []);
  return { run, openingId };
}

// What the opening sequences do once started (payments/opening.ts) loads with the first payment
// opened: none of it is needed to show a page (decision 0014).
const loadOpening = () => import('./opening');

/**
 * The "opening the payment dialog" sequence of spec §4: GET the remaining balance; when something is
 * due, create a payment intent and resolve to the session; when nothing is due on an unpaid project,
 * toast 'No Payment Due', mark it paid and refresh the list (resolves to null). Failures are toasted
 * with the spec's titles and resolve to null.
 */
export function useOpenCardPayment() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { run, openingId } = useSingleFlight();

  const open = useCallback(
    (project: Project, part?: CardPaymentPart): Promise<ProjectPaymentSession | null> =>
      run(project.id, () => loadOpening().then((m) => m.openProjectPayment(project, { queryClient, toast }, part))),
    [queryClient, toast, run],
  );

  return { open, openingId };
}

/**
 * Opening the payment dialog for a credit bundle (spec §4 "Credit purchase"): POST
 * /api/create-credit-payment-intent {bundleId, amount: bundle.price} and resolve to the session; a
 * failure is toasted 'Payment Initialization Failed' and resolves to null.
 */
export function useOpenBundlePayment() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { run, openingId } = useSingleFlight();

  const open = useCallback(
    (bundle: CreditBundle): Promise<BundlePaymentSession | null> =>
      run(bundle.id, () => loadOpening().then((m) => m.openBundlePayment(bundle, { queryClient, toast }))),
    [queryClient, toast, run],
  );

  return { open, openingId };
}
