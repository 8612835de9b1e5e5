import type { QueryClient } from '@tanstack/react-query';
import { serverMessageOf } from '../../../shared/api/client';
import type { CreditBundle, Project } from '../../../shared/api/schema';
import type { CardPaymentPart, PaidPart } from '../invoices/types';
import type { ToastOptions } from '../../../shared/ui/toast';
import { PUBLIC_CONFIG_KEY } from '../booking/api';
import { creditsApi } from '../credits/api';
import { paymentsApi } from './api';
import { refreshProjectLists, type BundlePaymentSession, type ProjectPaymentSession } from './hooks';
import { paymentIntentIdOf } from './intent';

/**
 * The opening sequences behind useOpenCardPayment and useOpenBundlePayment (payments/hooks.ts), in
 * a module of their own that loads with the first payment opened (decision 0014).
 */
export interface OpeningContext {
  queryClient: QueryClient;
  toast: (options: ToastOptions) => void;
}

/**
 * Spec §4 "opening the payment dialog" for a project; see useOpenCardPayment. `part` is what the
 * card's button offered (CONTRACT §11: the deposit or the balance); the server computes its amount and
 * refuses a deposit that is no longer due (another tab paid it): the toast says so and the cards refresh.
 */
export async function openProjectPayment(
  project: Project,
  { queryClient, toast }: OpeningContext,
  part?: CardPaymentPart,
): Promise<ProjectPaymentSession | null> {
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
      const intent = await paymentsApi.createPaymentIntent(project.id, part);
      if (!intent?.clientSecret) throw new Error('no client secret');
      return {
        project,
        // the server's answer ('installment' for the next one of several) rather than what was asked
        part: (intent.part as PaidPart | undefined) ?? part ?? 'balance',
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
      // the card may be out of date (a deposit paid in another tab): show what is owed now
      void refreshProjectLists(queryClient);
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
}

/** Spec §4 "Credit purchase" for a bundle; see useOpenBundlePayment. */
export async function openBundlePayment(
  bundle: CreditBundle,
  { queryClient, toast }: OpeningContext,
): Promise<BundlePaymentSession | null> {
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
}
