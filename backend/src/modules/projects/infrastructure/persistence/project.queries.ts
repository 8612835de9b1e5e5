import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlRead } from '../../../../shared/database/prepared';
import { creditCoveredCents } from '../../../../shared/database/sql/credit-covered';
import { twoEndedPage } from '../../../../shared/database/sql/two-ended-page';
import type { User } from '../../../clients';
import { boolFilter, intFilter, likePattern, ListQuery, textFilter } from '../../../../shared/http/list-query';
import type { ProjectResponse } from '../http/dto/project.response';

export const PROJECT_SORTS = ['name', 'clientName', 'price', 'isPaid', 'date', 'id'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
const ORDER: Record<ProjectSort, string> = {
  name: 'lower(p.name)',
  clientName: 'lower(u.username)',
  price: 'p.price_cents',
  isPaid: 'p.is_paid',
  date: 'p.date',
  id: 'p.id',
};

/**
 * A page of projects as the API shows them (ProjectResponse), built by PostgreSQL in the statement that
 * reads them: the JSON text goes out as it is, with nothing parsed, mapped or serialized again in Node.
 * Amounts are float8 dollars (cents / 100, as JavaScript divides), dates ISO-8601 in UTC with
 * milliseconds (as Date#toISOString writes them); a client sees a download link only once the project is
 * paid ($admin is false for a client).
 */
const PROJECT_JSON = (admin: string) => `json_build_object(
    'id', p.id, 'name', p.name, 'description', p.description, 'clientId', p.client_id,
    'clientName', coalesce(u.username, 'Unknown'), 'serviceId', p.service_id, 'thumbnailUrl', p.thumbnail_url,
    'downloadLink', CASE WHEN ${admin} OR p.is_paid THEN p.download_link END,
    'photoCount', p.photo_count, 'price', p.price_cents::float8 / 100, 'isPaid', p.is_paid,
    'date', to_char(p.date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'amountPaid', m.paid_cents::float8 / 100,
    'unpaidAmount', CASE WHEN p.is_paid THEN 0 ELSE greatest(0, p.price_cents - m.paid_cents - m.credit_covered_cents)::float8 / 100 END,
    'creditCost', l.credit_cost, 'creditsDue', CASE WHEN p.is_paid THEN 0 ELSE l.credits_due END,
    'services', l.services)`;

/** What a project's money and lines come to: paid by card or by hand, covered by credits, and its lines in screen order. */
const FROM = `FROM projects p LEFT JOIN users u ON u.id = p.client_id
  CROSS JOIN LATERAL (
    SELECT coalesce((SELECT sum(pay.amount_cents) FROM payments pay WHERE pay.project_id = p.id AND pay.status = 'completed'), 0) AS paid_cents,
           ${creditCoveredCents('p')} AS credit_covered_cents) m
  CROSS JOIN LATERAL (
    SELECT coalesce(json_agg(json_build_object(
             'serviceId', ps.service_id, 'name', s.name, 'description', s.description, 'price', ps.unit_price_cents::float8 / 100,
             'quantity', ps.quantity, 'lineTotal', (ps.unit_price_cents * ps.quantity)::float8 / 100, 'creditEligible', s.credit_eligible,
             'creditCost', s.credit_cost, 'paidWithCredits', coalesce(psp.paid_with_credits, false))
             ORDER BY lower(s.name), ps.service_id), '[]') AS services,
           coalesce(sum(s.credit_cost * ps.quantity) FILTER (WHERE s.credit_eligible), 0) AS credit_cost,
           coalesce(sum(s.credit_cost * ps.quantity) FILTER (WHERE s.credit_eligible AND NOT coalesce(psp.paid_with_credits, false)), 0) AS credits_due
      FROM project_services ps JOIN services s ON s.id = ps.service_id
      LEFT JOIN project_service_payments psp ON psp.project_id = ps.project_id AND psp.service_id = ps.service_id
     WHERE ps.project_id = p.id) l`;

/** The JSON array of the projects `where` selects, in `order` (ProjectResponse[] as text). */
const pageJson = (admin: boolean, order: string) => `coalesce(json_agg(${PROJECT_JSON(admin ? 'true' : 'false')} ORDER BY ${order}), '[]')::text AS body`;

/** Kept by the database (migration RowCounts): the number of projects not deleted. */
const LIVE_PROJECTS = `(SELECT n FROM row_counts WHERE name = 'live_projects')`;

/**
 * Read side of projects: every call is one prepared SQL statement, whatever the number of rows: a page's
 * projects as the API shows them (JSON built by PostgreSQL) and, for a paged list, the total (from the
 * kept count when nothing is filtered). A client sees a download link only once the project is paid.
 */
@Injectable()
export class ProjectQueries {
  constructor(private readonly db: DataSource) {}

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
      // The projects whose name or description, client's name, or a service of theirs matches: three
      // searches the trigram indexes serve (projects_search_idx, users_search_idx, services_search_idx;
      // the users' one covers name and e-mail, the name is checked on what it finds), read once for
      // the page and its count. One ILIKE OR-ed over the joined tables had to read every project.
      // The matching clients and services go through arrays, so their projects and lines are looked up
      // by index whatever number of matches the planner expects (the lines' project ids from the index
      // alone: project_services_service_project_idx).
      ctes.push(`matched AS MATERIALIZED (
          SELECT m.id FROM projects m WHERE (m.name || ' ' || m.description) ILIKE ${t} AND m.deleted_at IS NULL
          UNION
          SELECT m.id FROM projects m WHERE m.deleted_at IS NULL AND m.client_id = ANY(ARRAY(
            SELECT mu.id FROM users mu WHERE (mu.username || ' ' || mu.email) ILIKE ${t} AND mu.username ILIKE ${t}))
          UNION
          SELECT ps.project_id FROM project_services ps WHERE ps.service_id = ANY(ARRAY(
            SELECT s.id FROM services s WHERE (s.name || ' ' || s.description) ILIKE ${t})))`);
      where.push(`p.id = ANY(ARRAY(SELECT id FROM matched))`);
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
    const byClient = q.sortField === 'clientName' ? ' JOIN users u ON u.id = p.client_id' : '';
    let count = LIVE_PROJECTS;
    let page: string;
    const limitOffset = () => {
      params.push(q.limit === Number.MAX_SAFE_INTEGER ? null : q.limit, q.offset);
      return [`$${params.length - 1}::bigint`, `$${params.length}::bigint`];
    };
    if (text) {
      // A search: its matches (any number, in no index's order) are looked up once by id, with their
      // sort key and filter columns from one index (projects_live_keys_idx), then counted and sorted for
      // the page; the cost follows the number of matches, not of projects.
      ctes.push(`hits AS MATERIALIZED (SELECT p.id, ${ORDER[q.sortField]} AS k FROM projects p${byClient} WHERE ${where.join(' AND ')})`);
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
      // skipped row), then its columns. Only the client-name order joins the clients: walked in name
      // order (users_username_cover_idx), each one's projects from projects_client_date_id_idx, the
      // projects of equal names put in id order by an incremental sort of each name's few rows. Every
      // project has its client (a NOT NULL foreign key): the inner join keeps the list's rows.
      const pageIds = `SELECT p.id FROM projects p${byClient} WHERE ${where.join(' AND ')}`;
      // The total is known in the statement, so a page in the second half is read from the other end
      // in the opposite order: the last page costs what the first one does.
      page = q.paged ? twoEndedPage(pageIds, order, count, limit, offset) : `${pageIds} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
    }
    const withCtes = ctes.length ? `WITH ${ctes.join(', ')} ` : '';
    // The ids go through an array, so the planner knows they are a page (a LIMIT it cannot read would
    // make it expect thousands and scan every project and user). One row whatever the page holds: the
    // page's JSON and the total (a page past the end is '[]' with its total).
    const [row] = await sqlRead<{ body: string; n: string; total?: string }>(this.db, 
      `${withCtes}SELECT ${pageJson(viewer.isAdmin, order)}, count(*) AS n${q.paged ? `, ${count} AS total` : ''}
         ${FROM} WHERE p.id = ANY(ARRAY(${page}))`,
      params,
    );
    return { body: row.body, count: Number(row.n), total: q.paged ? Number(row.total) : Number(row.n) };
  }

  /** A client's projects, newest first (ProjectResponse[] as JSON text). */
  async ofClient(clientId: number, viewer: User): Promise<string> {
    const [row] = await sqlRead<{ body: string }>(this.db, 
      `SELECT ${pageJson(viewer.isAdmin, 'p.date DESC, p.id DESC')} ${FROM} WHERE p.deleted_at IS NULL AND p.client_id = $1`,
      [clientId],
    );
    return row.body;
  }

  async one(id: number, viewer: User): Promise<ProjectResponse | null> {
    const [row] = await sqlRead<{ body: string }>(this.db, `SELECT ${pageJson(viewer.isAdmin, 'p.id')} ${FROM} WHERE p.deleted_at IS NULL AND p.id = $1`, [id]);
    return (JSON.parse(row.body) as ProjectResponse[])[0] ?? null;
  }
}
