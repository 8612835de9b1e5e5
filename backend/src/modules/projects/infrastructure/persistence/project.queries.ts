import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProjectSnapshots } from '../../../../shared/integrations/webhook-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { sqlRead } from '../../../../shared/database/prepared';
import { projectBillingFields, projectBillingJoins } from '../../../billing';
import { twoEndedPage } from '../../../../shared/database/sql/two-ended-page';
import type { User } from '../../../clients';
import { boolFilter, intFilter, likePattern, ListQuery, textFilter } from '../../../../shared/http/list-query';
import type { ProjectResponse } from '../http/dto/project.response';

export const PROJECT_SORTS = ['name', 'clientName', 'price', 'isPaid', 'date', 'id'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
const ORDER: Record<ProjectSort, string> = {
  name: 'lower(p.name)',
  // The client's name as the list sorts it, kept on the project by the database (migration ProjectReadKeys).
  clientName: 'p.client_name_key',
  price: 'p.price_cents',
  isPaid: 'p.is_paid',
  date: 'p.date',
  id: 'p.id',
};

/**
 * Projects as the API shows them (ProjectResponse[] as JSON text), built by PostgreSQL in the statement
 * that reads them: nothing is parsed, mapped or serialized again in Node. `ids` is a SELECT of the
 * projects' ids (any number, in any order; `ctes` are WITH items it reads); `order` sorts the array;
 * `columns` adds to the one row (`, expression AS name`).
 * The ids are read once into `shown`; the service lines of all of them come in one join, grouped by
 * project with what was paid by card and with credits (`details`), then each project's row. Amounts are float8
 * dollars (cents / 100, as JavaScript divides), dates ISO-8601 in UTC with milliseconds (as
 * Date#toISOString writes them); a client sees a download link only once the project is paid.
 */
function projectsJson(admin: boolean, ids: string, order: string, ctes: string[] = [], columns = ''): string {
  return `WITH ${[...ctes, `shown AS MATERIALIZED (SELECT unnest(ARRAY(${ids})) AS id)`].join(', ')},
  details AS MATERIALIZED (
    SELECT shown.id,
           json_agg(json_build_object(
             'serviceId', ps.service_id, 'name', s.name, 'description', s.description, 'price', ps.unit_price_cents::float8 / 100,
             'quantity', ps.quantity, 'lineTotal', (ps.unit_price_cents * ps.quantity)::float8 / 100, 'creditEligible', s.credit_eligible,
             'creditCost', s.credit_cost, 'paidWithCredits', coalesce(psp.paid_with_credits, false))
             ORDER BY lower(s.name), ps.service_id) FILTER (WHERE ps.service_id IS NOT NULL) AS services,
           coalesce(sum(s.credit_cost * ps.quantity) FILTER (WHERE s.credit_eligible), 0) AS credit_cost,
           coalesce(sum(s.credit_cost * ps.quantity) FILTER (WHERE s.credit_eligible AND NOT coalesce(psp.paid_with_credits, false)), 0) AS credits_due
      FROM shown LEFT JOIN project_services ps ON ps.project_id = shown.id LEFT JOIN services s ON s.id = ps.service_id
      LEFT JOIN project_service_payments psp ON psp.project_id = ps.project_id AND psp.service_id = ps.service_id
     GROUP BY shown.id)
  SELECT coalesce(json_agg(json_build_object(
    'id', p.id, 'name', p.name, 'description', p.description, 'clientId', p.client_id,
    'clientName', coalesce(u.username, 'Unknown'), 'serviceId', p.service_id, 'thumbnailUrl', p.thumbnail_url,
    'downloadLink', CASE WHEN ${admin ? 'true' : 'false'} OR p.is_paid THEN p.download_link END,
    'photoCount', p.photo_count, 'price', p.price_cents::float8 / 100, 'isPaid', p.is_paid,
    'date', to_char(p.date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    ${projectBillingFields},
    'creditCost', d.credit_cost, 'creditsDue', CASE WHEN p.is_paid THEN 0 ELSE d.credits_due END,
    'services', coalesce(d.services, '[]')) ORDER BY ${order}), '[]')::text AS body, count(*) AS n${columns}
  FROM details d JOIN projects p ON p.id = d.id AND p.deleted_at IS NULL
  LEFT JOIN users u ON u.id = p.client_id${projectBillingJoins('p')}`;
}

/** Kept by the database (migration RowCounts): the number of projects not deleted. */
const LIVE_PROJECTS = `(SELECT n FROM row_counts WHERE name = 'live_projects')`;

/**
 * Read side of projects: every call is one prepared SQL statement, whatever the number of rows: a page's
 * projects as the API shows them (JSON built by PostgreSQL) and, for a paged list, the total (from the
 * kept count when nothing is filtered). A client sees a download link only once the project is paid.
 */
@Injectable()
export class ProjectQueries implements ProjectSnapshots {
  constructor(
    private readonly db: DataSource,
    private readonly tx: TransactionHost,
  ) {}

  /**
   * A list page as JSON text, the number of projects on it and the list's total, in one statement.
   */
  async list(q: ListQuery<ProjectSort>, viewer: User): Promise<{ body: string; count: number; total: number }> {
    const params: unknown[] = [];
    const where = ['p.deleted_at IS NULL'];
    const ctes: string[] = [];
    const text = textFilter(q.filter, 'q');
    if (text) {
      params.push(likePattern(text));
      const t = `$${params.length}`;
      // What the search box matches (name, description, the client's name, the name or description of a
      // service on it), kept lower-cased on the project by the database (migration ProjectReadKeys) and
      // served by one trigram index (projects_search_text_idx).
      where.push(`p.search_text LIKE lower(${t})`);
    }
    const isPaid = boolFilter(q.filter, 'isPaid');
    if (isPaid !== undefined) {
      params.push(isPaid);
      where.push(`p.is_paid = $${params.length}`);
    }
    const clientId = intFilter(q.filter, 'clientId');
    if (clientId !== undefined) {
      params.push(clientId);
      where.push(`p.client_id = $${params.length}`);
    }
    const order = `${ORDER[q.sortField]} ${q.sortOrder}, p.id ${q.sortOrder}`;
    let count = LIVE_PROJECTS;
    let page: string;
    const limitOffset = () => {
      params.push(q.limit === Number.MAX_SAFE_INTEGER ? null : q.limit, q.offset);
      return [`$${params.length - 1}::bigint`, `$${params.length}::bigint`];
    };
    if (text) {
      // A search: its matches (any number, in no index's order) are read once from the trigram index,
      // with their sort key from the rows it finds, then counted and sorted for the page; the cost
      // follows the number of matches, not of projects.
      ctes.push(`hits AS MATERIALIZED (SELECT p.id, ${ORDER[q.sortField]} AS k FROM projects p WHERE ${where.join(' AND ')})`);
      if (q.paged) {
        ctes.push(`total AS MATERIALIZED (SELECT count(*) AS n FROM hits)`);
        count = `(SELECT n FROM total)`;
      }
      const [limit, offset] = limitOffset();
      page = `SELECT id FROM hits ORDER BY k ${q.sortOrder}, id ${q.sortOrder} LIMIT ${limit} OFFSET ${offset}`;
    } else {
      // The total: with nothing filtered the kept count; else counted once (a CTE: it is read up to five
      // times below), from the filter's index.
      if (where.length > 1 && q.paged) {
        ctes.push(`total AS MATERIALIZED (SELECT count(*) AS n FROM projects p WHERE ${where.join(' AND ')})`);
        count = `(SELECT n FROM total)`;
      }
      const [limit, offset] = limitOffset();
      // The page's ids first, from the index of the order alone (a covering index per sort, with the id
      // as tie-breaker, after the Status filter too: nothing read from the table, nothing computed per
      // skipped row), then its columns.
      const pageIds = `SELECT p.id FROM projects p WHERE ${where.join(' AND ')}`;
      // The total is known in the statement, so a page in the second half is read from the other end
      // in the opposite order: the last page costs what the first one does.
      page = q.paged ? twoEndedPage(pageIds, order, count, limit, offset) : `${pageIds} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
    }
    // The ids go through an array, so the planner knows they are a page (a LIMIT it cannot read would
    // make it expect thousands and scan every project and user). One row whatever the page holds: the
    // page's JSON and the total (a page past the end is '[]' with its total).
    const [row] = await sqlRead<{ body: string; n: string; total?: string }>(
      this.db,
      projectsJson(viewer.isAdmin, page, order, ctes, q.paged ? `, ${count} AS total` : ''),
      params,
    );
    return { body: row.body, count: Number(row.n), total: q.paged ? Number(row.total) : Number(row.n) };
  }

  /** A client's projects, newest first (ProjectResponse[] as JSON text). */
  async ofClient(clientId: number, viewer: User): Promise<string> {
    const [row] = await sqlRead<{ body: string }>(
      this.db,
      projectsJson(viewer.isAdmin, 'SELECT p.id FROM projects p WHERE p.deleted_at IS NULL AND p.client_id = $1', 'p.date DESC, p.id DESC'),
      [clientId],
    );
    return row.body;
  }

  async one(id: number, viewer: User): Promise<ProjectResponse | null> {
    const [row] = await sqlRead<{ body: string }>(this.db, projectsJson(viewer.isAdmin, 'SELECT $1::integer', 'p.id'), [id]);
    return (JSON.parse(row.body) as ProjectResponse[])[0] ?? null;
  }

  /** A project as the studio sees it, read in the caller's transaction (webhook events: the change is not committed yet). */
  async project(id: number): Promise<ProjectResponse | null> {
    const [row]: Array<{ body: string }> = await this.tx.manager.query(projectsJson(true, 'SELECT $1::integer', 'p.id'), [id]);
    return (JSON.parse(row.body) as ProjectResponse[])[0] ?? null;
  }
}
