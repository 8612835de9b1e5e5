import { DataSource } from 'typeorm';

/** One call under an Idempotency-Key: who made it, with which key, and what it asked for. */
export interface IdempotentRequest {
  /** `user:<id>` for a session, `token:<id>` for an API token: keys are per principal. */
  principal: string;
  key: string;
  method: string;
  /** The route's template (`/api/projects/:id/mark-paid`). */
  route: string;
  /** requestHash of the body and the path parameters. */
  hash: string;
}

/** A claimed key, known by the moment it was claimed (so a late answer never lands on another call's claim). */
export interface Claim {
  claimedAt: string;
}

export type ClaimOutcome =
  { kind: 'claimed'; claim: Claim } | { kind: 'mismatch' } | { kind: 'in progress' } | { kind: 'answered'; status: number; body: unknown };

/** How long an answer is kept and replayed (CONTRACT §17: within 24 hours). */
const KEPT = `interval '24 hours'`;
/** A claim with no answer after this long was left by a process that stopped mid-call: the key may be used again. */
const ABANDONED = `interval '10 minutes'`;

/** The `idempotency_keys` table (decision 0046). Each statement stands alone: no transaction is held across the handler. */
export class IdempotencyStore {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Claims the key for this call with one INSERT … ON CONFLICT (so of two concurrent calls exactly one
   * claims it), or tells what the key already holds: the answer to replay, a different request, or a
   * call still running. An answer older than 24 hours, or a claim abandoned for 10 minutes, is taken over.
   */
  async claim(request: IdempotentRequest): Promise<ClaimOutcome> {
    const { principal, key, method, route, hash } = request;
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed: Array<{ claimed_at: string }> = await this.dataSource.query(
        `INSERT INTO idempotency_keys AS k (principal, key, method, route_path, request_hash)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (principal, key) DO UPDATE
           SET method = EXCLUDED.method, route_path = EXCLUDED.route_path, request_hash = EXCLUDED.request_hash,
               status_code = NULL, response_body = NULL, created_at = now()
           WHERE k.created_at < now() - ${KEPT} OR (k.status_code IS NULL AND k.created_at < now() - ${ABANDONED})
         RETURNING k.created_at::text AS claimed_at`,
        [principal, key, method, route, hash],
      );
      if (claimed.length) {
        await this.prune();
        return { kind: 'claimed', claim: { claimedAt: claimed[0].claimed_at } };
      }
      const [row]: Array<{ method: string; route_path: string; request_hash: string; status_code: number | null; response_body: unknown }> =
        await this.dataSource.query(
          `SELECT method, route_path, request_hash, status_code, response_body FROM idempotency_keys WHERE principal = $1 AND key = $2`,
          [principal, key],
        );
      if (!row) continue; // the call that held it failed and let it go in between: claim it again
      if (row.method !== method || row.route_path !== route || row.request_hash !== hash) return { kind: 'mismatch' };
      if (row.status_code === null) return { kind: 'in progress' };
      return { kind: 'answered', status: row.status_code, body: row.response_body };
    }
    return { kind: 'in progress' };
  }

  /** Keeps the answer of a claimed call (its status and JSON body; null for none) to replay it. */
  async answer(request: IdempotentRequest, claim: Claim, status: number, body: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys SET status_code = $4, response_body = $5::jsonb
       WHERE principal = $1 AND key = $2 AND created_at = $3::timestamptz AND status_code IS NULL`,
      [request.principal, request.key, claim.claimedAt, status, body],
    );
  }

  /** Lets go of a claim whose call failed on the server's side (5xx): the same key may be tried again. */
  async release(request: IdempotentRequest, claim: Claim): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE principal = $1 AND key = $2 AND created_at = $3::timestamptz AND status_code IS NULL`,
      [request.principal, request.key, claim.claimedAt],
    );
  }

  /** Deletes up to 100 keys older than 24 hours (on each claim: a few rows at most, found by the created_at index). */
  private async prune(): Promise<void> {
    await this.dataSource
      .query(
        `DELETE FROM idempotency_keys WHERE (principal, key) IN (
           SELECT principal, key FROM idempotency_keys WHERE created_at < now() - ${KEPT}
           ORDER BY created_at LIMIT 100 FOR UPDATE SKIP LOCKED)`,
      )
      .catch(() => undefined);
  }
}
