import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 8: two sorts of the back office had no index giving their order, so every page sorted all the
 * rows (test/perf/list-indexes.e2e-spec.ts): Projects by Status (`ORDER BY is_paid, id`) and Clients by
 * Role (`ORDER BY role, id`). The new users index also serves every `role = …` filter, so the one on role
 * alone goes. A client's credit history is read newest first with the id deciding between equal dates,
 * so its index carries the id too (without it the planner may sort each client's rows).
 */
export class ListIndexes1764374400000 implements MigrationInterface {
  name = 'ListIndexes1764374400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX projects_paid_id_idx ON projects (is_paid, id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX users_role_id_idx ON users (role, id) WHERE deleted_at IS NULL`);
    await q.query(`DROP INDEX users_role_idx`);
    await q.query(`CREATE INDEX credit_transactions_user_date_id_idx ON credit_transactions (user_id, transaction_date DESC, id DESC)`);
    await q.query(`DROP INDEX credit_transactions_user_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX credit_transactions_user_idx ON credit_transactions (user_id, transaction_date DESC)`);
    await q.query(`DROP INDEX credit_transactions_user_date_id_idx`);
    await q.query(`CREATE INDEX users_role_idx ON users (role) WHERE deleted_at IS NULL`);
    await q.query(`DROP INDEX users_role_id_idx`);
    await q.query(`DROP INDEX projects_paid_id_idx`);
  }
}
