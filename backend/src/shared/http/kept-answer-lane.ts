import accepts from 'accepts';
import fresh from 'fresh';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { User } from '../../modules/clients/domain/user';
import { answerHeaders, CachedList, GZIP_FROM, ListCache } from './list-cache';
import { newRequestId } from './request-id';

/** Who is asking, as the session statement read them, and the list version it read with them. */
export interface LaneViewer {
  user: User;
  listVersion: string;
}

/**
 * A list the lane may answer from the kept answers: the same route, guard and key as its controller
 * (which builds and keeps the answers; the lane only gives them again).
 */
export interface KeptRoute {
  /** The path parameters when `path` is this route's path as the lane serves it, else null. */
  match(path: string): string[] | null;
  /** The key its controller keeps the answer under for a viewer of that role; null when there is none (a query the controller would refuse, a role the route does not serve). */
  key(role: 'admin' | 'client', query: Record<string, unknown>, params: string[]): string | null;
  /** The route's guard and ownership rule: whether `viewer` gets the answer (otherwise the full stack answers 401, 403 or 404). */
  allows(viewer: User, params: string[]): boolean;
}

export interface KeptAnswerLaneOptions {
  cache: ListCache;
  routes: KeptRoute[];
  /**
   * The signed-in viewer of a request, read the way the session middleware reads it (one statement),
   * or null when the full stack has to decide: no session, a bad signature, an ended session, one
   * that records its use on this request, an account that is gone.
   */
  viewer(req: IncomingMessage): Promise<LaneViewer | null>;
  /** Express's query parser (`query parser fn`), so the lane reads the query as the routes do. */
  parseQuery(search: string): Record<string, unknown>;
  /** The headers every answer of the full stack carries whatever the request (helmet's). */
  headers: Record<string, string>;
  /** The request log line, as the request logger writes it. */
  log(req: IncomingMessage & { id: string }, res: ServerResponse, responseTimeMs: number): void;
}

const installed = new WeakMap<Server, KeptAnswerLane>();


/**
 * The lean path of the two most read lists (decision 0017): a GET of a list whose answer is kept is
 * answered before Express, Nest and the session middleware run, after the same session statement,
 * the same session checks and the same guard. Anything else (no kept answer for the request, a
 * changed list version, no live session, a viewer the guard refuses, a query the route would refuse,
 * a database error) goes on to the full stack untouched, which answers it as it always did.
 *
 * Installed in front of the app's request handler on `server`; answers what it served in `served`.
 */
export class KeptAnswerLane {
  served = 0;
  /** The headers every answer carries, flat. */
  private readonly fixed: string[];
  /** Each kept answer's headers, per form; gone with the answer. */
  private readonly forms = new WeakMap<CachedList, Map<string, string[]>>();
  /** Accept-Encoding texts and whether they take gzip (browsers send a handful of different ones). */
  private readonly encodings = new Map<string, boolean>();

  constructor(private readonly options: KeptAnswerLaneOptions) {
    this.fixed = Object.entries(options.headers).flat();
  }

  /** The lane installed on `server`, if any (tests look at what it served). */
  static of(server: Server): KeptAnswerLane | undefined {
    return installed.get(server);
  }

  /** Puts the lane in front of `server`'s request handler (the Express app). */
  install(server: Server): void {
    installed.set(server, this);
    const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
    if (handlers.length !== 1) throw new Error(`the kept-answer lane expects one request handler, found ${handlers.length}`);
    const app = handlers[0];
    server.removeListener('request', app);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const found = req.method === 'GET' ? this.candidate(req) : null;
      if (!found) return app(req, res);
      this.answer(req, res, found).then(
        (answered) => {
          if (!answered) app(req, res);
        },
        () => {
          // Whatever failed (a database error reading the session), the full stack answers it, as if the
          // lane had never looked; an answer already on its way cannot be taken back.
          if (res.headersSent) return res.destroy();
          for (const name of res.getHeaderNames()) res.removeHeader(name);
          app(req, res);
        },
      );
    });
  }

  /** The route and the kept keys (per role) a request could be answered with, before any I/O. */
  private candidate(req: IncomingMessage): Candidate | null {
    if (req.headers.cookie === undefined) return null;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    for (const route of this.options.routes) {
      const params = route.match(path);
      if (!params) continue;
      let query: Record<string, unknown>;
      try {
        query = this.options.parseQuery(q < 0 ? '' : url.slice(q + 1));
      } catch {
        return null;
      }
      const keys = { admin: safeKey(route, 'admin', query, params), client: safeKey(route, 'client', query, params) };
      if (!(keys.admin && this.options.cache.has(keys.admin)) && !(keys.client && this.options.cache.has(keys.client))) return null;
      return { route, params, keys };
    }
    return null;
  }

  /** Answers from the kept answer; false when the full stack has to answer instead (nothing written yet). */
  private async answer(req: IncomingMessage, res: ServerResponse, { route, params, keys }: Candidate): Promise<boolean> {
    const started = Date.now();
    const viewer = await this.options.viewer(req);
    if (!viewer || !route.allows(viewer.user, params)) return false;
    const key = viewer.user.isAdmin ? keys.admin : keys.client;
    const entry = key ? this.options.cache.get(key, viewer.listVersion) : undefined;
    if (!entry) return false;
    const id = newRequestId(req);
    this.send(req, res, entry, id);
    // 'finish' comes after end() returned: the line is written once the answer is out, as the request logger does.
    res.once('finish', () => this.options.log(Object.assign(req, { id }), res, Date.now() - started));
    this.served++;
    return true;
  }

  /**
   * What answerList sends for a kept answer, with the headers the full stack adds to every answer
   * (helmet's, the request id). The headers of each kept answer are put together once per form (gzipped
   * or not, 304) and written in one writeHead.
   */
  private send(req: IncomingMessage, res: ServerResponse, entry: CachedList, id: string): void {
    const gzip = entry.body.length >= GZIP_FROM && this.acceptsGzip(req.headers['accept-encoding']);
    const notModified = fresh(req.headers, { etag: entry.etag });
    const body = notModified ? null : gzip ? this.options.cache.gzipped(entry) : entry.body;
    const headers = this.headersOf(entry, gzip, body);
    res.writeHead(notModified ? 304 : 200, [...headers, 'X-Request-Id', id]);
    if (body) res.end(body);
    else res.end();
  }

  /** The headers of one form of a kept answer, as a flat [name, value, ...] list. */
  private headersOf(entry: CachedList, gzip: boolean, body: Buffer | null): string[] {
    let forms = this.forms.get(entry);
    if (!forms) this.forms.set(entry, (forms = new Map()));
    const form = `${gzip ? 'gzip' : 'identity'} ${body ? body.length : 304}`;
    let headers = forms.get(form);
    if (!headers) {
      headers = [...this.fixed, ...answerHeaders(entry, gzip)];
      if (body) headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.length));
      forms.set(form, headers);
    }
    return headers;
  }

  /** Whether an Accept-Encoding prefers gzip to identity (as Express's req.acceptsEncodings), remembered by its text. */
  private acceptsGzip(header: string | undefined): boolean {
    const text = header ?? '';
    let yes = this.encodings.get(text);
    if (yes === undefined) {
      yes = accepts({ headers: { 'accept-encoding': header } } as IncomingMessage).encodings('gzip', 'identity') === 'gzip';
      if (this.encodings.size >= 256) this.encodings.clear();
      this.encodings.set(text, yes);
    }
    return yes;
  }
}

interface Candidate {
  route: KeptRoute;
  params: string[];
  keys: { admin: string | null; client: string | null };
}

function safeKey(route: KeptRoute, role: 'admin' | 'client', query: Record<string, unknown>, params: string[]): string | null {
  try {
    return route.key(role, query, params);
  } catch {
    return null;
  }
}
