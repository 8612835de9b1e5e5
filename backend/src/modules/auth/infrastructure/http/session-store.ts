import connectPgSimple from 'connect-pg-simple';
import { parse as parseCookies } from 'cookie';
import { unsign } from 'cookie-signature';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type session from 'express-session';
import type { Pool } from 'pg';
import { preparedQuery } from '../../../../shared/database/prepared';
import type { LaneViewer } from '../../../../shared/http/kept-answer-lane';
import { LIST_VERSION_SQL, setListVersion } from '../../../../shared/http/list-cache';
import { User, userColumns, userFromRow, UserRow } from '../../../clients';
import { isSteadySession } from './session';

/**
 * The account each stored session belongs to, read by the store in the same statement as the
 * session (keyed by the session's `passport` object, which express-session hands on to req.session
 * as it is), with the list version of that moment. null: the session names an account that is gone
 * (deleted).
 */
const accounts = new WeakMap<object, { user: User | null; listVersion: string | null }>();

type PassportData = { user?: string | number };

/**
 * Sessions in PostgreSQL (connect-pg-simple writes, prunes and destroys them) whose read also
 * fetches the signed-in account: one statement per request instead of one for the session and one
 * for the account. Nothing is cached between requests, so a logout, a deleted account or a changed
 * role on any instance counts at once on every instance.
 */
export function createSessionStore(expressSession: typeof session, pool: Pool, options: connectPgSimple.PGStoreOptions): session.Store {
  const PgStore = connectPgSimple(expressSession);
  const sql = `SELECT s.sess, ${userColumns('u')}, ${LIST_VERSION_SQL} AS list_version
                 FROM session s
                 LEFT JOIN users u
                   ON u.id = CASE WHEN s.sess #>> '{passport,user}' ~ '^[0-9]{1,9}$' THEN (s.sess #>> '{passport,user}')::int END
                  AND u.deleted_at IS NULL
                WHERE s.sid = $1 AND s.expire >= now()`;

  class SessionWithAccountStore extends PgStore {
    override get(sid: string, fn: (err: unknown, session?: session.SessionData | null) => void): void {
      preparedQuery<UserRow & { sess: session.SessionData | string; list_version: string | null }>(pool, sql, [sid]).then(
        (rows) => {
          if (rows.length === 0) return fn(null, null);
          const data = (typeof rows[0].sess === 'string' ? JSON.parse(rows[0].sess) : rows[0].sess) as session.SessionData & { passport?: PassportData };
          if (data.passport && typeof data.passport === 'object') accounts.set(data.passport, { user: userFromRow(rows[0]), listVersion: rows[0].list_version });
          fn(null, data);
        },
        (err: unknown) => fn(err),
      );
    }
  }
  return new SessionWithAccountStore({ ...options, pool });
}

/**
 * In place of passport.session(): puts the signed-in account on req.user from what the store read
 * with the session. A session whose account is gone is signed out (passport's own behaviour). A
 * session the store did not read (none in this request yet) is left alone.
 */
export function sessionAccount(load: (id: number) => Promise<User | null>): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const passport = (req.session as (Request['session'] & { passport?: PassportData }) | undefined)?.passport;
    if (!passport || passport.user === undefined || passport.user === null) return next();
    const known = accounts.get(passport);
    const settle = (user: User | null) => {
      if (user) req.user = user;
      else delete passport.user;
      next();
    };
    if (known !== undefined) {
      if (known.user) setListVersion(req, known.listVersion);
      return settle(known.user);
    }
    load(Number(passport.user)).then(settle, next);
  };
}

/**
 * The kept-answer lane's reading of a request's session (decision 0017): the cookie as express-session
 * reads it (the same parser, an `s:`-signed value checked with the secret), the session and its account
 * from `store` in its one statement, and only a session that express-session, sessionLifetime and
 * sessionAccount would all leave as it is (signed in, account there, within its limits, nothing to
 * record). null otherwise: the full stack then reads it again and does what it does.
 */
export function sessionViewer(store: session.Store, cookieName: string, secret: string): (req: IncomingMessage) => Promise<LaneViewer | null> {
  return (req) => {
    const header = req.headers.cookie;
    const raw = header ? parseCookies(header)[cookieName] : undefined;
    if (!raw || !raw.startsWith('s:')) return Promise.resolve(null);
    const sid = unsign(raw.slice(2), secret);
    if (sid === false) return Promise.resolve(null);
    return new Promise((resolve, reject) =>
      store.get(sid, (err, data) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        const stored = data as (session.SessionData & { passport?: PassportData }) | null | undefined;
        const passport = stored?.passport;
        const known = passport && typeof passport === 'object' ? accounts.get(passport) : undefined;
        if (!known?.user || known.listVersion === null || !isSteadySession(stored, Date.now())) return resolve(null);
        resolve({ user: known.user, listVersion: String(known.listVersion) });
      }),
    );
  };
}
