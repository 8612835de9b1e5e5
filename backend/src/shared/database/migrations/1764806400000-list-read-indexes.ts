import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The amount as Payment History's search reads it (shared/database/sql/payment-amount-text.ts: the
 * text of to_char(amount_cents / 100.0, 'FM999999999990.00'), written with IMMUTABLE functions only).
 * Written out here, as it was when this index was made.
 */
const AMOUNT_TEXT = `(CASE WHEN amount_cents < 100000000000000 THEN (amount_cents / 100)::text || '.' || lpad((amount_cents % 100)::text, 2, '0') ELSE '############.##' END)`;

/** [name, definition] of every index this migration adds, in creation order. */
const ADDED: Array<[string, string]> = [
  // Projects: every sort of the admin list in a covering index with the id as tie-breaker, so a page's
  // ids (at any offset) are read from the index alone; the same with the Status filter in front.
  // By id, and for a search's matches (looked up by id) every column a filter or a sort reads.
  ['projects_live_keys_idx', `ON projects (id) INCLUDE (date, price_cents, is_paid, client_id, name) WHERE deleted_at IS NULL`],
  ['projects_name_cover_idx', `ON projects (lower(name), id) INCLUDE (name) WHERE deleted_at IS NULL`],
  ['projects_paid_date_id_idx', `ON projects (is_paid, date DESC, id DESC) WHERE deleted_at IS NULL`],
  ['projects_paid_name_idx', `ON projects (is_paid, lower(name), id) INCLUDE (name) WHERE deleted_at IS NULL`],
  ['projects_paid_price_idx', `ON projects (is_paid, price_cents, id) WHERE deleted_at IS NULL`],
  // A client's projects newest first (My Projects, the clientId filter) and, per client in name order,
  // the Projects list sorted by client name (also after the Status filter).
  ['projects_client_date_id_idx', `ON projects (client_id, date DESC, id DESC) WHERE deleted_at IS NULL`],
  ['projects_client_paid_idx', `ON projects (client_id, is_paid, id) WHERE deleted_at IS NULL`],
  // The clients in name order, deleted accounts too (their projects keep their name).
  ['users_username_cover_idx', `ON users (lower(username), id) INCLUDE (username)`],
  // Clients: each sort of the list (and Client Credits, by name) over the active accounts.
  ['users_live_id_idx', `ON users (id) INCLUDE (role) WHERE deleted_at IS NULL`],
  ['users_live_username_idx', `ON users (lower(username), id) INCLUDE (username, role) WHERE deleted_at IS NULL`],
  ['users_live_email_idx', `ON users (lower(email), id) INCLUDE (email, role) WHERE deleted_at IS NULL`],
  ['users_live_created_idx', `ON users (created_at, id) INCLUDE (role) WHERE deleted_at IS NULL`],
  // Payments: each sort with the id, alone and after the status filter; the amount's text for the search;
  // the payments without a client of their own (their client is the project's).
  ['payments_amount_id_idx', `ON payments (amount_cents, id)`],
  ['payments_status_date_idx', `ON payments (status, payment_date DESC, id DESC)`],
  ['payments_status_amount_idx', `ON payments (status, amount_cents, id)`],
  ['payments_status_id_idx', `ON payments (status, id)`],
  ['payments_amount_text_idx', `ON payments USING gin (${AMOUNT_TEXT} gin_trgm_ops)`],
  ['payments_no_client_idx', `ON payments (project_id) WHERE client_id IS NULL`],
  // The projects of the services a search matched, from the index alone.
  ['project_services_service_project_idx', `ON project_services (service_id, project_id)`],
];

/** [name, definition] of the indexes the new ones replace (a prefix of a new one), as they were made. */
const REPLACED: Array<[string, string]> = [
  ['projects_name_idx', `ON projects (lower(name), id) WHERE deleted_at IS NULL`],
  ['projects_paid_date_idx', `ON projects (is_paid, date DESC) WHERE deleted_at IS NULL`],
  ['projects_client_date_idx', `ON projects (client_id, date DESC) WHERE deleted_at IS NULL`],
  ['users_username_sort_idx', `ON users (lower(username), id)`],
  ['payments_amount_idx', `ON payments (amount_cents)`],
  ['project_services_service_idx', `ON project_services (service_id)`],
];

/**
 * Every list read without its answer kept (test/perf/list-indexes.e2e-spec.ts, docs/benchmarks.md):
 * each sort of Projects, Clients and Payment History, with its tie-breaker id and the columns the page's
 * ids need, so that any page's ids come from an index-only scan and only the page's rows are read from
 * the tables; the filters in front of the sorts they are used with; and the three searches of Payment
 * History (project name, client name, amount) each served by a trigram index.
 */
export class ListReadIndexes1764806400000 implements MigrationInterface {
  name = 'ListReadIndexes1764806400000';

  async up(q: QueryRunner): Promise<void> {
    for (const [name, definition] of ADDED) await q.query(`CREATE INDEX ${name} ${definition}`);
    for (const [name] of REPLACED) await q.query(`DROP INDEX ${name}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name, definition] of REPLACED) await q.query(`CREATE INDEX ${name} ${definition}`);
    for (const [name] of [...ADDED].reverse()) await q.query(`DROP INDEX ${name}`);
  }
}
