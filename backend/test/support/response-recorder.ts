import type { FastifyInstance } from 'fastify';
import { ContractError, expectMatchesContract, matchRoute } from './openapi-contract';

interface Recorded {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: unknown;
}

/**
 * Every API answer of a test app, kept so that `check()` can hold each one against openapi.yaml when
 * the app closes: every API test, not only the security ones, proves the documented contract.
 * Answers to URLs openapi.yaml does not describe (the docs, unknown routes) are left to the access
 * matrix, which fails on any undocumented route.
 */
export class ResponseRecorder {
  private readonly answers: Recorded[] = [];
  private checked = 0;

  /** Records every API answer the app sends (Fastify's onSend: the payload as it goes out). */
  attach(fastify: FastifyInstance): void {
    fastify.addHook('onSend', (request, reply, payload, done) => {
      const url = request.url;
      if (url.startsWith('/api/') && !url.startsWith('/api/docs')) {
        const raw = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : Buffer.alloc(0);
        const headers = reply.getHeaders() as Record<string, string | string[] | undefined>;
        const text = raw.toString('utf8');
        let body: unknown = {};
        if (/json/i.test(String(headers['content-type'] ?? '')) && text) {
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
        }
        this.answers.push({ method: request.method, url, status: reply.statusCode, headers, text, body });
      }
      done(null, payload);
    });
  }

  /** Checks the answers recorded since the last check; throws one error listing every mismatch. */
  check(): number {
    const problems: string[] = [];
    const pending = this.answers.slice(this.checked);
    this.checked = this.answers.length;
    let count = 0;
    for (const a of pending) {
      if (a.method === 'HEAD' || a.method === 'OPTIONS') continue;
      if (!matchRoute(a.method, a.url)) continue;
      count += 1;
      try {
        expectMatchesContract({ status: a.status, body: a.body, text: a.text, headers: a.headers }, { method: a.method, url: a.url });
      } catch (err) {
        if (!(err instanceof ContractError)) throw err;
        if (err.message.includes('documents') && err.message.includes('but not')) continue; // a method the route lacks: 404, the matrix's business
        problems.push(err.message);
      }
    }
    if (problems.length) {
      throw new ContractError(`${problems.length} answer(s) do not match openapi.yaml:\n\n${problems.slice(0, 10).join('\n\n')}`);
    }
    return count;
  }
}
