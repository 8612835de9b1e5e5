import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { ApiTokenRepository, type TokenCandidate } from '../../application/ports/api-token.repository';
import type { ApiToken, TokenScope } from '../../domain/api-token';

interface Row {
  id: number;
  name: string;
  scope: TokenScope;
  token_prefix: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
}

const COLUMNS = 'id, name, scope, token_prefix, created_at, expires_at, last_used_at';
const toToken = (r: Row): ApiToken => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  hint: r.token_prefix,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  lastUsedAt: r.last_used_at,
});

/** `api_tokens`. An `UPDATE … RETURNING` is read through a WITH (TypeORM's query() answers [rows, count] for a bare one). */
@Injectable()
export class ApiTokenTypeormRepository extends ApiTokenRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async create(input: {
    name: string;
    scope: TokenScope;
    hint: string;
    hash: string;
    createdBy: number;
    expiresAt: Date | null;
  }): Promise<ApiToken> {
    const rows: Row[] = await this.tx.manager.query(
      `INSERT INTO api_tokens (name, scope, token_prefix, token_hash, created_by, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING ${COLUMNS}`,
      [input.name, input.scope, input.hint, input.hash, input.createdBy, input.expiresAt],
    );
    return toToken(rows[0]);
  }

  async list(): Promise<ApiToken[]> {
    const rows: Row[] = await this.tx.manager.query(
      `SELECT ${COLUMNS} FROM api_tokens WHERE revoked_at IS NULL ORDER BY created_at DESC, id DESC`,
    );
    return rows.map(toToken);
  }

  async candidates(hint: string): Promise<TokenCandidate[]> {
    const rows: Array<{
      id: number;
      name: string;
      scope: TokenScope;
      token_hash: string;
      expires_at: Date | null;
      last_used_at: Date | null;
      created_by: number;
    }> = await this.tx.manager.query(
      `SELECT t.id, t.name, t.scope, t.token_hash, t.expires_at, t.last_used_at, t.created_by
           FROM api_tokens t JOIN users u ON u.id = t.created_by AND u.deleted_at IS NULL AND u.role = 'admin'
          WHERE t.token_prefix = $1 AND t.revoked_at IS NULL`,
      [hint],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      scope: r.scope,
      hash: r.token_hash,
      expiresAt: r.expires_at,
      lastUsedAt: r.last_used_at,
      adminId: r.created_by,
    }));
  }

  async revoke(id: number, now: Date): Promise<ApiToken | null> {
    const rows: Row[] = await this.tx.manager.query(
      `WITH r AS (UPDATE api_tokens SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING ${COLUMNS})
       SELECT * FROM r`,
      [id, now],
    );
    return rows[0] ? toToken(rows[0]) : null;
  }

  async markUsed(id: number, now: Date): Promise<void> {
    await this.tx.manager.query(`UPDATE api_tokens SET last_used_at = $2 WHERE id = $1`, [id, now]);
  }
}
