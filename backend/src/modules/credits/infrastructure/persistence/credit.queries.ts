import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlRead } from '../../../../shared/database/prepared';
import { twoEndedPage } from '../../../../shared/database/sql/two-ended-page';
import { likePattern, ListQuery, textFilter } from '../../../../shared/http/list-query';
import type {
  BundleResponse,
  ClientWithCreditsResponse,
  CreditProjectResponse,
  CreditTransactionResponse,
  ServiceWithCreditsResponse,
} from '../http/dto/credits.dto';
import { BUNDLE_COLUMNS, BundleRow } from './bundle.mapper';

export const BUNDLE_SORTS = ['name', 'price', 'creditAmount', 'id'] as const;
export type BundleSort = (typeof BUNDLE_SORTS)[number];
const ORDER: Record<BundleSort, string> = { name: 'lower(name)', price: 'price_cents', creditAmount: 'credit_amount', id: 'id' };

/** The Client Credits list has one order, by name (lower(username), unique among active accounts), either way. */
export const CLIENT_CREDIT_SORTS = ['username'] as const;
export type ClientCreditSort = (typeof CLIENT_CREDIT_SORTS)[number];

export const bundleResponse = (r: BundleRow): BundleResponse => ({
  id: r.id,
  name: r.name,
  description: r.description,
  creditAmount: r.credit_amount,
  price: Number(r.price_cents) / 100,
  isActive: r.is_active,
});

/**
 * Transactions per client in the Client Credits list: its latest few, so that the list of every client
 * stays small with years of history (2,000 clients × 50 had made it 6 MB); the whole history is
 * clientTransactions, fetched when a client is expanded.
 */
export const LIST_TRANSACTIONS = 5;

export interface TxRow {
  /** A string from a plain column (bigint), a number inside JSON. */
  id: string | number;
  amount: number;
  type: string;
  description: string | null;
  bundle_id: number | null;
  project_id: number | null;
  transaction_date: Date | string;
}

export const txResponse = (t: TxRow): CreditTransactionResponse => ({
  id: Number(t.id),
  amount: t.amount,
  type: t.type,
  description: t.description,
  bundleId: t.bundle_id,
  projectId: t.project_id,
  transactionDate: new Date(t.transaction_date).toISOString(),
});

/** Read side of credits: bundles, usage, balances, the admin's client list and credit projects. */
@Injectable()
export class CreditQueries {
  constructor(private readonly db: DataSource) {}

  async activeBundles(): Promise<BundleResponse[]> {
    const rows: BundleRow[] = await sqlRead(
      this.db,
      `SELECT ${BUNDLE_COLUMNS} FROM credit_bundles WHERE deleted_at IS NULL AND is_active ORDER BY price_cents, id`,
    );
    return rows.map(bundleResponse);
  }

  async bundles(q: ListQuery<BundleSort>): Promise<{ rows: BundleResponse[]; total: number }> {
    const params: unknown[] = [];
    const where = ['deleted_at IS NULL'];
    const text = textFilter(q.filter, 'q');
    if (text) {
      params.push(likePattern(text));
      where.push(`(name || ' ' || description) ILIKE $${params.length}`);
    }
    const filterParams = [...params];
    params.push(q.limit === Number.MAX_SAFE_INTEGER ? null : q.limit, q.offset);
    const rows: BundleRow[] = await sqlRead(
      this.db,
      `SELECT ${BUNDLE_COLUMNS} FROM credit_bundles WHERE ${where.join(' AND ')}
        ORDER BY ${ORDER[q.sortField]} ${q.sortOrder}, id ${q.sortOrder} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = q.paged
      ? Number((await sqlRead(this.db, `SELECT count(*) AS n FROM credit_bundles WHERE ${where.join(' AND ')}`, filterParams))[0].n)
      : rows.length;
    return { rows: rows.map(bundleResponse), total };
  }

  async usage(): Promise<Record<string, number>> {
    const rows: Array<{ bundle_id: number; n: string }> = await sqlRead(
      this.db,
      `SELECT bundle_id, count(*) AS n FROM credit_transactions WHERE type = 'purchase' AND bundle_id IS NOT NULL GROUP BY bundle_id`,
    );
    return Object.fromEntries(rows.map((r) => [String(r.bundle_id), Number(r.n)]));
  }

  async balance(userId: number): Promise<number> {
    const rows: Array<{ balance: number }> = await sqlRead(this.db, `SELECT balance FROM user_credits WHERE user_id = $1`, [userId]);
    return rows[0]?.balance ?? 0;
  }

  /**
   * The Client Credits list: clients (role client) in name order, each with their balance and latest
   * transactions, optionally narrowed by a case-insensitive search on name or e-mail and cut to a page.
   * One statement whatever the page holds: the page's ids are read in name order from the index alone
   * (users_live_username_idx; no two active names are equal, so the order is total without the id),
   * from the nearer end; a search is served by users_search_idx (trigrams); the total is counted once
   * from an index (users_role_id_idx); and only the page's rows fetch their e-mail, balance and latest
   * transactions. A page past the end has no row to carry the total, so only then is it counted apart.
   */
  async clientsWithCredits(q: ListQuery<ClientCreditSort>, search?: string): Promise<{ rows: ClientWithCreditsResponse[]; total: number }> {
    const params: unknown[] = [];
    const where = [`u.role = 'client'`, 'u.deleted_at IS NULL'];
    if (search) {
      params.push(likePattern(search));
      where.push(`(u.username || ' ' || u.email) ILIKE $${params.length}`);
    }
    const filterParams = [...params];
    params.push(q.limit === Number.MAX_SAFE_INTEGER ? null : q.limit, q.offset);
    const [limit, offset] = [`$${params.length - 1}::bigint`, `$${params.length}::bigint`];
    const dir = q.sortOrder;
    const ids = `SELECT u.id FROM users u WHERE ${where.join(' AND ')}`;
    const order = `lower(u.username) ${dir}`;
    // A search's matches are read once (users_search_idx), counted and sorted; the whole list, unpaged,
    // in name order.
    const ctes = search
      ? `hits AS MATERIALIZED (SELECT u.id, lower(u.username) AS k FROM users u WHERE ${where.join(' AND ')}),
         total AS MATERIALIZED (SELECT count(*) AS n FROM hits)`
      : `total AS MATERIALIZED (SELECT count(*) AS n FROM users u WHERE ${where.join(' AND ')})`;
    const from =
      search || q.paged
        ? `users p WHERE p.id = ANY(ARRAY(${search ? `SELECT id FROM hits ORDER BY k ${dir} LIMIT ${limit} OFFSET ${offset}` : twoEndedPage(ids, order, `(SELECT n FROM total)`, limit, offset)}))`
        : `(SELECT u.id, u.username, u.email, lower(u.username) AS sort_name FROM users u WHERE ${where.join(' AND ')}
             ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) p`;
    const rows: Array<{ id: number; username: string; email: string; balance: number | null; transactions: TxRow[]; total: string }> =
      await sqlRead(
        this.db,
        `WITH ${ctes}
       SELECT p.id, p.username, p.email, (SELECT n FROM total) AS total,
              (SELECT c.balance FROM user_credits c WHERE c.user_id = p.id) AS balance,
              (SELECT coalesce(json_agg(t ORDER BY t.transaction_date DESC, t.id DESC), '[]')
                 FROM (SELECT ct.id, ct.amount, ct.type, ct.description, ct.bundle_id, ct.project_id, ct.transaction_date
                         FROM credit_transactions ct WHERE ct.user_id = p.id
                        ORDER BY ct.transaction_date DESC, ct.id DESC LIMIT ${LIST_TRANSACTIONS}) t) AS transactions
         FROM ${from}
        ORDER BY ${search || q.paged ? 'lower(p.username)' : 'p.sort_name'} ${dir}`,
        params,
      );
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && q.offset > 0) {
      const c: Array<{ n: string }> = await sqlRead(
        this.db,
        `SELECT count(*) AS n FROM users u WHERE ${where.join(' AND ')}`,
        filterParams,
      );
      total = Number(c[0].n);
    }
    return {
      rows: rows.map((c) => ({
        id: c.id,
        username: c.username,
        email: c.email,
        creditBalance: c.balance ?? 0,
        transactions: c.transactions.map(txResponse),
      })),
      total,
    };
  }

  async projectServices(projectId: number): Promise<{ clientId: number; services: ServiceWithCreditsResponse[] } | null> {
    const project: Array<{ client_id: number }> = await sqlRead(
      this.db,
      `SELECT client_id FROM projects WHERE id = $1 AND deleted_at IS NULL`,
      [projectId],
    );
    if (!project.length) return null;
    const rows: Array<{
      service_id: number;
      name: string;
      unit_price_cents: string;
      quantity: number;
      credit_eligible: boolean;
      credit_cost: number;
      paid: boolean;
    }> = await sqlRead(
      this.db,
      `SELECT ps.service_id, s.name, ps.unit_price_cents, ps.quantity, s.credit_eligible, s.credit_cost, coalesce(psp.paid_with_credits, false) AS paid
           FROM project_services ps JOIN services s ON s.id = ps.service_id
           LEFT JOIN project_service_payments psp ON psp.project_id = ps.project_id AND psp.service_id = ps.service_id
          WHERE ps.project_id = $1 ORDER BY lower(s.name), ps.service_id`,
      [projectId],
    );
    return {
      clientId: project[0].client_id,
      services: rows.map((r) => ({
        serviceId: r.service_id,
        name: r.name,
        price: Number(r.unit_price_cents) / 100,
        quantity: r.quantity,
        creditEligible: r.credit_eligible,
        isEligible: r.credit_eligible,
        creditCost: r.credit_cost,
        paidWithCredits: r.paid,
      })),
    };
  }

  /** A client's whole credit history, newest first (Client Credits shows it when the client is expanded). */
  async clientTransactions(clientId: number): Promise<CreditTransactionResponse[]> {
    const rows: TxRow[] = await sqlRead(
      this.db,
      `SELECT id, amount, type, description, bundle_id, project_id, transaction_date FROM credit_transactions
        WHERE user_id = $1 ORDER BY transaction_date DESC, id DESC`,
      [clientId],
    );
    return rows.map(txResponse);
  }

  async latestTransaction(userId: number): Promise<CreditTransactionResponse | null> {
    const rows: TxRow[] = await sqlRead(
      this.db,
      `SELECT id, amount, type, description, bundle_id, project_id, transaction_date FROM credit_transactions
        WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [userId],
    );
    return rows[0] ? txResponse(rows[0]) : null;
  }

  async creditProjects(clientId: number): Promise<CreditProjectResponse[]> {
    return sqlRead(
      this.db,
      `SELECT p.id, p.name FROM projects p
        WHERE p.client_id = $1 AND p.deleted_at IS NULL AND (
              EXISTS (SELECT 1 FROM project_service_payments psp WHERE psp.project_id = p.id AND psp.paid_with_credits)
           OR EXISTS (SELECT 1 FROM credit_transactions t WHERE t.project_id = p.id AND t.type = 'redemption'))
        ORDER BY p.date DESC, p.id DESC`,
      [clientId],
    );
  }
}
