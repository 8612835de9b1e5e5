import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §9, API tokens: only the SHA-256 of a token is kept, with its first characters to tell tokens
 * apart (and to find the row, after which the hashes are compared in constant time). A revoked token
 * keeps its row (who made it, when it was used) and stops working.
 */
export class ApiTokens1765195200000 implements MigrationInterface {
  name = 'ApiTokens1765195200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_tokens (
        id            SERIAL        PRIMARY KEY,
        name          VARCHAR(100)  NOT NULL,
        scope         VARCHAR(5)    NOT NULL CHECK (scope IN ('read', 'write')),
        token_prefix  VARCHAR(16)   NOT NULL,
        token_hash    CHAR(64)      NOT NULL UNIQUE,
        created_by    INTEGER       NOT NULL REFERENCES users (id),
        created_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
        expires_at    TIMESTAMPTZ,
        last_used_at  TIMESTAMPTZ,
        revoked_at    TIMESTAMPTZ
      )`);
    await q.query(`CREATE INDEX api_tokens_prefix_idx ON api_tokens (token_prefix) WHERE revoked_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_tokens`);
  }
}
