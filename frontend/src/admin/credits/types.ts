import type { Identifier } from 'react-admin';

/** A credit bundle (docs/api/back-office.md "Credits API, first part"); price in dollars. */
export interface CreditBundle {
  id: number;
  name: string;
  /** '' when empty */
  description: string;
  creditAmount: number;
  price: number;
  isActive: boolean;
}

/** The body of POST /api/credit-bundles and PATCH /api/credit-bundles/{id}. */
export type CreditBundleData = Omit<CreditBundle, 'id'>;

/** GET /api/credit-bundles/usage: bundle id -> number of purchases. */
export type BundleUsage = Record<string, number>;

/** A transaction's amount is positive; the type gives the sign. */
export type CreditTransactionType = 'purchase' | 'redemption' | 'adjustment-add' | 'adjustment-remove';

export interface CreditTransaction {
  id: number;
  amount: number;
  type: CreditTransactionType | string;
  description: string | null;
  bundleId: number | null;
  projectId: number | null;
  /** ISO-8601 */
  transactionDate: string;
}

/** An entry of GET /api/clients-with-credits; transactions newest first. */
export interface ClientWithCredits {
  id: number;
  username: string;
  email: string;
  creditBalance: number;
  transactions: CreditTransaction[];
}

/** What the Client Credits list asks for: a search (name or e-mail, '' for none) and a page (from 0). */
export interface ClientCreditsQuery {
  q: string;
  page: number;
  perPage: number;
}

/** One page of GET /api/clients-with-credits and the number of clients matching the search. */
export interface ClientCreditsPage {
  data: ClientWithCredits[];
  total: number;
}

/** GET /api/credit-projects/{clientId}: a project where the client's credits were used. */
export interface CreditProject {
  id: number;
  name: string;
}

export type AdjustmentType = 'add' | 'remove';

/** The body of POST /api/credit-adjustments. */
export interface CreditAdjustment {
  userId: Identifier;
  amount: number;
  type: AdjustmentType;
}

export interface CreditAdjustmentResult {
  userId: number;
  balance: number;
  transaction?: CreditTransaction;
}
