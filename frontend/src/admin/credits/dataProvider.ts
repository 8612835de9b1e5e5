import { HttpError, type Identifier } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import type {
  BundleUsage,
  ClientCreditsPage,
  ClientCreditsQuery,
  ClientWithCredits,
  CreditAdjustment,
  CreditAdjustmentResult,
  CreditBundle,
  CreditBundleData,
  CreditProject,
  CreditTransaction,
} from './types';

const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) ? n : fallback;
};

/** Decimal columns may arrive as strings: every number is made a number, a missing description ''. */
export function toBundle(raw: Partial<Record<keyof CreditBundle, unknown>>): CreditBundle {
  return {
    id: num(raw.id),
    name: String(raw.name ?? ''),
    description: typeof raw.description === 'string' ? raw.description : '',
    creditAmount: num(raw.creditAmount),
    price: num(raw.price),
    isActive: raw.isActive === undefined ? true : Boolean(raw.isActive),
  };
}

function toClient(raw: Partial<ClientWithCredits>): ClientWithCredits {
  return {
    id: num(raw.id),
    username: String(raw.username ?? ''),
    email: String(raw.email ?? ''),
    creditBalance: num(raw.creditBalance),
    transactions: toTransactions(raw.transactions),
  };
}

function toTransactions(raw: unknown): CreditTransaction[] {
  return Array.isArray(raw) ? raw.map((t: CreditTransaction) => ({ ...t, amount: num(t.amount) })) : [];
}

/** Rethrows a failed list call with the spec's sentence (spec §8 "Credits admin"), keeping the cause. */
async function listCall<T>(run: () => Promise<T>, message: (error: unknown) => string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new Error(message(error), { cause: error });
  }
}

const id = (value: Identifier) => encodeURIComponent(String(value));

/** 'clients-with-credits 0-24/123' -> 123; null when absent or unreadable. */
export function totalFromContentRange(header: string | null): number | null {
  const total = header?.split('/').pop();
  const n = total === undefined || total === '*' ? Number.NaN : Number.parseInt(total, 10);
  return Number.isFinite(n) ? n : null;
}

/** The query string of GET /api/clients-with-credits: the trimmed search (when any) and the page's range. */
export function clientCreditsSearch({ q, page, perPage }: ClientCreditsQuery): string {
  const params = new URLSearchParams();
  const text = q.trim();
  if (text) params.set('q', text);
  const start = page * perPage;
  params.set('range', JSON.stringify([start, start + perPage - 1]));
  return params.toString();
}

/**
 * The Bundles page's own calls (/admin/credits; its chunk, not the back office's dataProvider).
 * The bundle endpoints do not follow ra-data-simple-rest (admin list at /admin, PATCH for edits),
 * so every call of the page is a method here.
 */
export const creditsMethods = {
  /** GET /api/credit-bundles/admin: every bundle, active or not. */
  async getCreditBundlesAdmin(): Promise<{ data: CreditBundle[] }> {
    return listCall(
      async () => {
        const { json } = await httpClient('/api/credit-bundles/admin');
        const list = Array.isArray(json) ? json : Array.isArray(json?.data) ? json.data : [];
        return { data: (list as CreditBundle[]).map(toBundle) };
      },
      () => 'Failed to fetch credit bundles',
    );
  },

  /** GET /api/credit-bundles/usage: bundle id -> number of purchases. */
  async getCreditBundleUsage(): Promise<{ data: BundleUsage }> {
    return listCall(
      async () => {
        const { json } = await httpClient('/api/credit-bundles/usage');
        const usage: BundleUsage = {};
        for (const [key, value] of Object.entries((json ?? {}) as Record<string, unknown>)) usage[key] = num(value);
        return { data: usage };
      },
      () => 'Failed to fetch bundle usage',
    );
  },

  /** POST /api/credit-bundles → 201 bundle. */
  async createCreditBundle(data: CreditBundleData): Promise<{ data: CreditBundle }> {
    const { json } = await httpClient('/api/credit-bundles', { method: 'POST', body: JSON.stringify(data) });
    return { data: toBundle(json) };
  },

  /** PATCH /api/credit-bundles/{id} → 200 bundle. */
  async updateCreditBundle(bundleId: Identifier, data: Partial<CreditBundleData>): Promise<{ data: CreditBundle }> {
    const { json } = await httpClient(`/api/credit-bundles/${id(bundleId)}`, { method: 'PATCH', body: JSON.stringify(data) });
    return { data: toBundle(json) };
  },

  /** DELETE /api/credit-bundles/{id} → 204. */
  async deleteCreditBundle(bundleId: Identifier): Promise<{ data: { id: Identifier } }> {
    await httpClient(`/api/credit-bundles/${id(bundleId)}`, { method: 'DELETE' });
    return { data: { id: bundleId } };
  },

  /**
   * GET /api/clients-with-credits?q&range: one page of clients (name order) with balance and latest
   * transactions (at most 5 each), searched on the server by name or e-mail; the total from Content-Range.
   */
  async getClientsWithCredits(query: ClientCreditsQuery): Promise<ClientCreditsPage> {
    return listCall(
      async () => {
        const { json, headers } = await httpClient(`/api/clients-with-credits?${clientCreditsSearch(query)}`);
        const data = (Array.isArray(json) ? json : []).map(toClient);
        const total = totalFromContentRange(headers.get('Content-Range')) ?? query.page * query.perPage + data.length;
        return { data, total };
      },
      () => 'Failed to fetch clients with credits',
    );
  },

  /** GET /api/credit-transactions/{clientId}: the client's whole credit history, newest first. */
  async getCreditTransactions(clientId: Identifier): Promise<{ data: CreditTransaction[] }> {
    return listCall(
      async () => {
        const { json } = await httpClient(`/api/credit-transactions/${id(clientId)}`);
        return { data: toTransactions(json) };
      },
      () => 'Failed to fetch the transaction history',
    );
  },

  /** GET /api/credit-projects/{clientId}: the client's projects where credits were used. */
  async getCreditProjects(clientId: Identifier): Promise<{ data: CreditProject[] }> {
    return listCall(
      async () => {
        const { json } = await httpClient(`/api/credit-projects/${id(clientId)}`);
        return { data: (Array.isArray(json) ? json : []) as CreditProject[] };
      },
      (error) =>
        error instanceof HttpError
          ? `Failed to fetch credit projects: ${error.status} ${error.message}`.trim()
          : 'Failed to fetch credit projects',
    );
  },

  /** POST /api/credit-adjustments {userId, amount, type} → {userId, balance, transaction}. */
  async adjustCredits(adjustment: CreditAdjustment): Promise<{ data: CreditAdjustmentResult }> {
    const { json } = await httpClient('/api/credit-adjustments', { method: 'POST', body: JSON.stringify(adjustment) });
    const body = (json ?? {}) as Partial<CreditAdjustmentResult>;
    const data = { ...body, userId: num(body.userId ?? adjustment.userId), balance: num(body.balance, Number.NaN) };
    // an answer without its transaction is still shown (the balance is what the dialog reads)
    return { data: data as CreditAdjustmentResult };
  },
};

export type CreditsMethods = typeof creditsMethods;

/** The page's calls (tests replace them with `fakeApi`). */
export function useCreditsApi(): CreditsMethods {
  return creditsMethods;
}
