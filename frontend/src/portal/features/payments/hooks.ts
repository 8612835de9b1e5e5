import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { serverMessageOf } from '../../../shared/api/client';
import type {
  ConfirmPaymentRequest,
  CreditBundle,
  PaymentPublicConfig,
  Project,
  TestPaymentMethod,
} from '../../../shared/api/types';
import { useToast } from '../../../shared/ui/toast';
import { PUBLIC_CONFIG_KEY } from '../booking/api';
import { creditsApi } from '../credits/api';
import { paymentsApi } from './api';
import { paymentIntentIdOf } from './helpers';

/** Prefix of every client's project list query (['/api/projects/client', userId]). */
const CLIENT_PROJECTS_PREFIX = ['/api/projects/client'] as const;

/** The payment mode and Stripe key, from the public config (shared cache entry with the booking page). */
export function usePaymentConfig(enabled = true) {
  return useQuery<PaymentPublicConfig>({
    queryKey: PUBLIC_CONFIG_KEY,
    queryFn: paymentsApi.publicConfig,
    enabled,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Puts an updated project into every cached project list, then refetches the lists. */
export function refreshProjectLists(queryClient: QueryClient, updated?: Project | null) {
  if (updated && typeof updated === 'object' && typeof updated.id === 'number') {
    queryClient.setQueriesData<Project[]>({ queryKey: CLIENT_PROJECTS_PREFIX }, (list) =>
      Array.isArray(list) ? list.map((p) => (p.id === updated.id ? { ...p, ...updated } : p)) : list,
    );
  }
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
  const run = useCallback(async <T,>(id: number, work: () => Promise<T | null>): Promise<T | null> => {
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
    (project: Project): Promise<ProjectPaymentSession | null> =>
      run(project.id, async () => {
        // the dialog needs the payment mode: fetch it alongside, so the card form shows at once
        void queryClient.prefetchQuery({ queryKey: PUBLIC_CONFIG_KEY, queryFn: paymentsApi.publicConfig, staleTime: Infinity });
        let unpaidAmount: number;
        try {
          ({ unpaidAmount } = await paymentsApi.remainingBalance(project.id));
        } catch (error) {
          toast({
            title: 'Error Checking Payment Status',
            description: serverMessageOf(error, 'Failed to check the payment status. Please try again.'),
            variant: 'destructive',
          });
          return null;
        }

        if (Number(unpaidAmount) > 0) {
          try {
            const intent = await paymentsApi.createPaymentIntent(project.id);
            if (!intent?.clientSecret) throw new Error('no client secret');
            return {
              project,
              clientSecret: intent.clientSecret,
              paymentIntentId: paymentIntentIdOf(intent),
              amount: Number(intent.amount ?? unpaidAmount),
            };
          } catch (error) {
            toast({
              title: 'Payment Initialization Failed',
              description: serverMessageOf(error, 'Failed to initialize payment. Please try again.'),
              variant: 'destructive',
            });
            return null;
          }
        }

        if (!project.isPaid) {
          toast({ title: 'No Payment Due', description: 'Nothing remains to be paid on this project.' });
          try {
            const updated = await paymentsApi.markProjectAsPaid(project.id);
            await refreshProjectLists(queryClient, updated);
          } catch (error) {
            toast({
              title: 'Error',
              description: serverMessageOf(error, 'Failed to mark the project as paid. Please try again.'),
              variant: 'destructive',
            });
          }
          return null;
        }

        await refreshProjectLists(queryClient);
        return null;
      }),
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
      run(bundle.id, async () => {
        void queryClient.prefetchQuery({ queryKey: PUBLIC_CONFIG_KEY, queryFn: paymentsApi.publicConfig, staleTime: Infinity });
        try {
          const intent = await creditsApi.createPaymentIntent(bundle);
          if (!intent?.clientSecret) throw new Error('no client secret');
          return {
            bundle,
            clientSecret: intent.clientSecret,
            paymentIntentId: paymentIntentIdOf(intent),
            amount: Number(intent.amount ?? bundle.price),
          };
        } catch (error) {
          toast({
            title: 'Payment Initialization Failed',
            description: serverMessageOf(error, 'Failed to initialize payment. Please try again.'),
            variant: 'destructive',
          });
          return null;
        }
      }),
    [queryClient, toast, run],
  );

  return { open, openingId };
}

/** POST /api/confirm-payment; on success the project lists show the project as paid. */
export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmPaymentRequest) => paymentsApi.confirmPayment(body),
    onSuccess: (response) => refreshProjectLists(queryClient, response?.project),
  });
}

/** Emulator mode: confirms the payment intent with a test payment method. */
export function useConfirmTestCard() {
  return useMutation({
    mutationFn: ({ paymentIntentId, paymentMethod }: { paymentIntentId: string; paymentMethod: TestPaymentMethod }) =>
      paymentsApi.confirmWithTestCard(paymentIntentId, paymentMethod),
  });
}
