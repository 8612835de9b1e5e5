import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §12: the activity log says when an API token acted for its admin (`token:<id> <name>`); null
 * for a session, and for events recorded before this column.
 */
export class AuditVia1766102400000 implements MigrationInterface {
  name = 'AuditVia1766102400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_events ADD COLUMN via TEXT CHECK (char_length(via) <= 200)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_events DROP COLUMN via`);
  }
}
