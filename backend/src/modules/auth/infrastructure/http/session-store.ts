import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Pool } from 'pg';
import { preparedQuery } from '../../../../shared/database/prepared';
import { User } from '../../../clients';
import { STANDARD_SESSION, type SessionClock } from '../../domain/session-lifetime';

/** What a stored session holds besides its cookie: the signed-in user's id and the session's clock. */
declare module 'fastify' {
  interface Session {
    passport?: { user?: string | number };
    clock?: SessionClock;
  }
}

/**
 * The account each stored session signs in, read by the store in the same statement as the session
 * and keyed by the session's `passport` object (which @fastify/session copies onto request.session
 * as it is). null: the session names an account that is gone (deleted).
 */
const accounts = new WeakMap<object, User | null>();

/** The signed-in account the store read with this session; undefined when it read none. */
export function accountOf(session: Session): User | null | undefined {
  const passport = session.passport;
  return passport && typeof passport === 'object' ? accounts.get(passport) : undefined;
}

/** Sessions signIn has just created: the only ones a save may insert. */
const created = new WeakSet<object>();

/** Marks a session made by signIn so that its first save inserts its row. */
export function markCreated(session: Session): void {
  created.add(session);
}

const READ_SQL = `SELECT s.sess, u.id AS user_id, u.username, u.email, u.password_hash, u.company, u.role, u.created_at, u.email_verified_at,
         u.two_factor_enabled_at
    FROM session s
    LEFT JOIN users u
      ON u.id = CASE WHEN s.sess #>> '{passport,user}' ~ '^[0-9]{1,9}$' THEN (s.sess #>> '{passport,user}')::int END
     AND u.deleted_at IS NULL
   WHERE s.sid = $1 AND s.expire >= now()`;

interface SessionRow {
  sess: Record<string, unknown> | string;
  user_id: number | null;
  username: string;
  email: string;
  password_hash: string;
  company: string | null;
  role: 'client' | 'admin';
  created_at: Date;
  email_verified_at: Date | null;
  two_factor_enabled_at: Date | null;
}

/**
 * Server-side sessions in PostgreSQL's `session` table, shared by every instance, behind @fastify/session.
 * - get: the session and its account in one statement, nothing cached between requests, so a sign-out,
 *   a deleted account or a changed role counts at once on every instance.
 * - set: an UPDATE of the existing row, never an upsert: a request that was running while its session
 *   was deleted (sign out, 'Sign out everywhere', a password reset) writes nothing back. Only a session
 *   signIn has just created is inserted.
 * - destroy: deletes the row.
 * Expired rows are pruned every 15 minutes.
 */
export class PgSessionStore implements SessionStore {
  private readonly pruner: NodeJS.Timeout;

  constructor(private readonly pool: Pool) {
    this.pruner = setInterval(() => void this.prune(), 15 * 60_000);
    this.pruner.unref();
  }

  get(sid: string, callback: (err: unknown, session?: Session | null) => void): void {
    preparedQuery<SessionRow>(this.pool, READ_SQL, [sid]).then((rows) => {
      if (rows.length === 0) return callback(null, null);
      const row = rows[0];
      const data = (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as Session;
      if (data.passport && typeof data.passport === 'object') accounts.set(data.passport, accountFrom(row));
      callback(null, data);
    }, callback);
  }

  set(sid: string, session: Session, callback: (err?: unknown) => void): void {
    const sess = JSON.stringify(session);
    const expire = expiryOf(session);
    const write = created.has(session)
      ? this.pool
          .query('INSERT INTO session (sid, sess, expire) VALUES ($1, $2, $3)', [sid, sess, expire])
          .then(() => created.delete(session))
      : this.pool.query('UPDATE session SET sess = $2, expire = $3 WHERE sid = $1', [sid, sess, expire]);
    write.then(() => callback(), callback);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.pool.query('DELETE FROM session WHERE sid = $1', [sid]).then(() => callback(), callback);
  }

  close(): void {
    clearInterval(this.pruner);
  }

  private async prune(): Promise<void> {
    await this.pool.query('DELETE FROM session WHERE expire < now()').catch(() => undefined);
  }
}

function accountFrom(row: SessionRow): User | null {
  if (row.user_id === null) return null;
  return User.restore({
    id: row.user_id,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    company: row.company,
    role: row.role,
    createdAt: row.created_at,
    deletedAt: null,
    emailVerifiedAt: row.email_verified_at,
    twoFactorEnabledAt: row.two_factor_enabled_at,
  });
}

/** The row's expiry: the cookie's own ('Remember me'), else the longest a standard session may live. */
function expiryOf(session: Session): Date {
  const expires = (session.cookie as { expires?: Date | string | null } | undefined)?.expires;
  const at = expires ? new Date(expires) : null;
  return at && !Number.isNaN(at.getTime()) ? at : new Date(Date.now() + STANDARD_SESSION.absoluteMs);
}
