import type { Identifier } from 'react-admin';
import type * as Api from '../../shared/api/schema';
import type { paths } from '../../shared/api/schema';

/** A credit bundle (GET /api/credit-bundles/admin); price in dollars, description '' when empty. */
export type CreditBundle = Api.CreditBundle;

/** The body of POST /api/credit-bundles and PATCH /api/credit-bundles/{id}. */
export type CreditBundleData = Omit<CreditBundle, 'id'>;

/** GET /api/credit-bundles/usage: bundle id -> number of purchases. */
export type BundleUsage = paths['/api/credit-bundles/usage']['get']['responses'][200]['content']['application/json'];

/** A transaction's amount is positive; the type gives the sign. */
export type CreditTransactionType = Api.CreditTransaction['type'];

export type CreditTransaction = Api.CreditTransaction;

/** An entry of GET /api/clients-with-credits; transactions newest first. */
export type ClientWithCredits = Api.ClientWithCredits;

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
export type CreditProject = Api.CreditProject;

export type AdjustmentType = Api.AdjustCreditsRequest['type'];

/** The body of POST /api/credit-adjustments, with react-admin's record id for the client. */
export type CreditAdjustment = Omit<Api.AdjustCreditsRequest, 'userId'> & { userId: Identifier };

export type CreditAdjustmentResult = Api.AdjustCreditsResponse;
