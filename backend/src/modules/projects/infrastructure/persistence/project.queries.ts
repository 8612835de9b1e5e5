import { Injectable } from '@nestjs/common';
import type { Pool, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import { poolOf, preparedQuery } from '../../../../shared/database/prepared';
import { creditCoveredCents } from '../../../../shared/database/sql/credit-covered';
import { twoEndedPage } from '../../../../shared/database/sql/two-ended-page';
import type { User } from '../../../clients';
import { boolFilter, intFilter, likePattern, ListQuery, textFilter } from '../../../../shared/http/list-query';
import type { ProjectResponse, ProjectServiceLine } from '../http/dto/project.response';

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
 * A service line as the statement sends it: a JSON array of service_id, name, description,
 * unit_price_cents, quantity, credit_eligible, credit_cost, paid_with_credits (no key repeated per line).
 */
type LineJson = [number, string, string, number, number, boolean, number, boolean];

interface Row {
  id: number;
  name: string;
  description: string;
  client_id: number;
  client_name: string | null;
  service_id: number | null;
  thumbnail_url: string | null;
  download_link: string | null;
  photo_count: number;
  price_cents: string;
  is_paid: boolean;
  date: Date;
  paid_cents: string;
  credit_covered_cents: string;
  lines: LineJson[];
  total?: string | null;
}

/** A project's service lines as one JSON array (of LineJson), in the order the screens show them. */
const LINES = `coalesce((
  SELECT json_agg(json_build_array(ps.service_id, s.name, s.description, ps.unit_price_cents, ps.quantity, s.credit_eligible,
                                   s.credit_cost, coalesce(psp.paid_with_credits, false))
         ORDER BY lower(s.name), ps.service_id)
    FROM project_services ps JOIN services s ON s.id = ps.service_id
    LEFT JOIN project_service_payments psp ON psp.project_id = ps.project_id AND psp.service_id = ps.service_id
   WHERE ps.project_id = p.id), '[]'::json)`;

const SELECT = `SELECT p.id, p.name, p.description, p.client_id, u.username AS client_name, p.service_id, p.thumbnail_url,
       p.download_link, p.photo_count, p.price_cents, p.is_paid, p.date,
       coalesce((SELECT sum(pay.amount_cents) FROM payments pay WHERE pay.project_id = p.id AND pay.status = 'completed'), 0) AS paid_cents`;

const FROM = `FROM projects p LEFT JOIN users u ON u.id = p.client_id`;
const SELECT_ALL = `${SELECT}, ${creditCoveredCents('p')} AS credit_covered_cents, ${LINES} AS lines`;

/** Kept by the database (migration RowCounts): the number of projects not deleted. */
const LIVE_PROJECTS = `(SELECT n FROM row_counts WHERE name = 'live_projects')`;

/**
 * Read side of projects: every call is one SQL statement, whatever the number of rows: a page's
 * projects with their service lines (as JSON) and, for a paged list, the total (from the kept count
 * when nothing is filtered). A client sees a download link only once the project is paid.
 */
@Injectable()
export class ProjectQueries {
  private readonly pool: Pool;

  constructor(db: DataSource) {
    this.pool = poolOf(db);
  }

  private query<R extends QueryResultRow>(text: string, values: unknown[]): Promise<R[]> {
    return preparedQuery<R>(this.pool, text, values);
  }

  /**
   * A list page and its total, in one statement (a page with no rows counts its total in a second one).
   */
  async list(q: ListQuery<ProjectSort>, viewer: User): Promise<{ rows: ProjectResponse[]; total: number }> {
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
    const filterParams = [...params];
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
    // make it expect thousands and scan every project and user).
    const rows: Row[] = await this.query(
      `${withCtes}${SELECT_ALL}${q.paged ? `, ${count} AS total` : ''}
         ${FROM} WHERE p.id = ANY(ARRAY(${page}))
        ORDER BY ${order}`,
      params,
    );
    if (!q.paged) return { rows: this.toResponses(rows, viewer), total: rows.length };
    // A page past the end has no row to carry the total: count on its own then.
    const total = rows.length ? Number(rows[0].total) : Number((await this.query(`${withCtes}SELECT ${count} AS n`, filterParams))[0].n);
    return { rows: this.toResponses(rows, viewer), total };
  }

  /** A client's projects, newest first. */
  async ofClient(clientId: number, viewer: User): Promise<ProjectResponse[]> {
    const rows: Row[] = await this.query(
      `${SELECT_ALL} ${FROM} WHERE p.deleted_at IS NULL AND p.client_id = $1 ORDER BY p.date DESC, p.id DESC`,
      [clientId],
    );
    return this.toResponses(rows, viewer);
  }

  async one(id: number, viewer: User): Promise<ProjectResponse | null> {
    const rows: Row[] = await this.query(`${SELECT_ALL} ${FROM} WHERE p.deleted_at IS NULL AND p.id = $1`, [id]);
    return rows.length ? this.toResponses(rows, viewer)[0] : null;
  }

  private toResponses(rows: Row[], viewer: User): ProjectResponse[] {
    return rows.map((r) => {
      const services: ProjectServiceLine[] = r.lines.map(([serviceId, name, description, unitPriceCents, quantity, creditEligible, creditCost, paidWithCredits]) => ({
        serviceId,
        name,
        description,
        price: unitPriceCents / 100,
        quantity,
        lineTotal: (unitPriceCents * quantity) / 100,
        creditEligible,
        creditCost,
        paidWithCredits,
      }));
      const price = Number(r.price_cents);
      const paid = Number(r.paid_cents) + Number(r.credit_covered_cents);
      return {
        id: r.id,
        name: r.name,
        description: r.description,
        clientId: r.client_id,
        clientName: r.client_name ?? 'Unknown',
        serviceId: r.service_id,
        thumbnailUrl: r.thumbnail_url,
        downloadLink: viewer.isAdmin || r.is_paid ? r.download_link : null,
        photoCount: r.photo_count,
        price: price / 100,
        isPaid: r.is_paid,
        date: r.date.toISOString(),
        amountPaid: Number(r.paid_cents) / 100,
        unpaidAmount: r.is_paid ? 0 : Math.max(0, price - paid) / 100,
        creditCost: services.filter((s) => s.creditEligible).reduce((sum, s) => sum + s.creditCost * s.quantity, 0),
        creditsDue: r.is_paid ? 0 : services.filter((s) => s.creditEligible && !s.paidWithCredits).reduce((sum, s) => sum + s.creditCost * s.quantity, 0),
        services,
      };
    });
  }
}

