import { dataOf, http } from '../../../shared/api/client';
import type { CreditBundle, PurchaseCreditsRequest, RedeemCreditsRequest } from '../../../shared/api/schema';

/** Query key of one user's credit balance: ['/api/user-credits', userId]. */
export const userCreditsKey = (userId: number) => ['/api/user-credits', userId] as const;

/** Prefix of every user's credit balance query. */
export const USER_CREDITS_PREFIX = ['/api/user-credits'] as const;

/** Query key of the active bundles a client can buy. */
export const CREDIT_BUNDLES_KEY = ['/api/credit-bundles'] as const;

/** The client-side credits calls of docs/api/back-office.md, "Credits API". */
export const creditsApi = {
  /** GET /api/user-credits/{userId} → {userId, balance} */
  balance: (userId: number) => dataOf(http.GET('/api/user-credits/{userId}', { params: { path: { userId } } })),

  /** GET /api/credit-bundles → the active bundles, price ascending */
  bundles: () => dataOf(http.GET('/api/credit-bundles')),

  /** POST /api/redeem-credits {projectId, description} → {hasRemainingServices, remainingBalance, creditBalance} */
  redeem: (body: RedeemCreditsRequest) => dataOf(http.POST('/api/redeem-credits', { body })),

  /** POST /api/create-credit-payment-intent {bundleId, amount} → {clientSecret, amount, paymentIntentId} */
  createPaymentIntent: (bundle: Pick<CreditBundle, 'id' | 'price'>) =>
    dataOf(http.POST('/api/create-credit-payment-intent', { body: { bundleId: bundle.id, amount: bundle.price } })),

  /** POST /api/purchase-credits {bundleId, stripePaymentId?} → {success, creditsAdded, creditBalance} */
  purchase: (body: PurchaseCreditsRequest) => dataOf(http.POST('/api/purchase-credits', { body })),
};
