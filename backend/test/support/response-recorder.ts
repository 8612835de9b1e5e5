import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { gunzipSync } from 'node:zlib';
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

  middleware(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      if (!req.originalUrl.startsWith('/api/') || req.originalUrl.startsWith('/api/docs')) return next();
      const chunks: Buffer[] = [];
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      const keep = (chunk: unknown, encoding?: unknown) => {
        if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      };
      (res as unknown as { write: (...args: unknown[]) => boolean }).write = (...args: unknown[]) => {
        keep(args[0], args[1]);
        return write(...args);
      };
      (res as unknown as { end: (...args: unknown[]) => Response }).end = (...args: unknown[]) => {
        keep(args[0], args[1]);
        return end(...args);
      };
      res.on('finish', () => {
        const headers = res.getHeaders() as Record<string, string | string[] | undefined>;
        const raw = Buffer.concat(chunks);
        // A kept list answer goes gzipped to a client that accepts it (as supertest's does).
        const text = (headers['content-encoding'] === 'gzip' && raw.length ? gunzipSync(raw) : raw).toString('utf8');
        let body: unknown = {};
        if (/json/i.test(String(headers['content-type'] ?? '')) && text) {
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
        }
        this.answers.push({ method: req.method, url: req.originalUrl, status: res.statusCode, headers, text, body });
      });
      next();
    };
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
