import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Client } from 'pg';

/**
 * Records the SQL statements the app sends while it answers one HTTP request, in-process: every
 * `pg` Client.query (TypeORM's and the session store's pool) is attributed to the request whose
 * asynchronous context issued it. A request opts in with the header `x-sql-probe: <id>`; background
 * work (the outbox, timers) and other requests are not counted.
 */
export interface Statement {
  text: string;
  values: unknown[];
}

export const PROBE_HEADER = 'x-sql-probe';
const store = new AsyncLocalStorage<Statement[]>();
const recorded = new Map<string, Statement[]>();
let patched = false;

function patchPg(): void {
  if (patched) return;
  patched = true;
  const original = Client.prototype.query;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (Client.prototype as any).query = function (this: Client, ...args: any[]) {
    const list = store.getStore();
    if (list) {
      const [first, second] = args;
      const text = typeof first === 'string' ? first : first && typeof first.text === 'string' ? first.text : String(first);
      const values = Array.isArray(second) ? second : first && Array.isArray(first.values) ? first.values : [];
      list.push({ text, values });
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (original as any).apply(this, args);
  };
}

/** Wraps the server's request handling so that probed requests record their statements. */
export function installSqlProbe(server: Server): void {
  patchPg();
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const id = req.headers[PROBE_HEADER];
    const run = () => listeners.forEach((l) => l.call(server, req, res));
    if (typeof id !== 'string') return run();
    const list: Statement[] = [];
    recorded.set(id, list);
    store.run(list, run);
  });
}

let next = 0;
export const newProbeId = () => `probe-${process.pid}-${++next}`;

/** The statements recorded for a probe id (after its response has arrived). */
export function statementsOf(id: string): Statement[] {
  const list = recorded.get(id);
  if (!list) throw new Error(`no request carried the probe ${id}`);
  recorded.delete(id);
  return list;
}

/** Statements on the session table: the request path's own, the same for every route. */
export const isSessionStatement = (s: Statement) => /\b(from|into|update)\s+"?session"?\b/i.test(s.text);
