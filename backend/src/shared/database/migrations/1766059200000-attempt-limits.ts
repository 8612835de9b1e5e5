import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §12, limits that count only what they should: `auth_attempts` also counts second proofs
 * per account (wrong TOTP, recovery and e-mailed codes), the owner's notice that someone knows the
 * password (once per window), and codes given to turn two-factor sign-in off. An index on
 * (kind, subject, created_at) already serves the per-account counts, (kind, subject, address,
 * created_at) the per-address ones.
 */
export class AttemptLimits1766059200000 implements MigrationInterface {
  name = 'AttemptLimits1766059200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check`);
    await q.query(`
      ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check
        CHECK (kind IN ('login_failure', 'reset_request', 'reset_failure', 'signin_code', 'proof_failure', 'proof_notice', 'disable_failure'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM auth_attempts WHERE kind IN ('proof_failure', 'proof_notice', 'disable_failure')`);
    await q.query(`ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check`);
    await q.query(`
      ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check
        CHECK (kind IN ('login_failure', 'reset_request', 'reset_failure', 'signin_code'))`);
  }
}
