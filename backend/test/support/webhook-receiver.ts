import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What a path answers: a status code, or 'hang' (never answers). Each call takes the next answer; the last one repeats. */
export type Answer = number | 'hang' | { redirect: string };

/**
 * A real HTTP server standing in for an integrator's receiver: it records every request (raw body and
 * headers, for signature checks) and answers per path as the test says.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly answers = new Map<string, Answer[]>();
  private server: Server | null = null;
  private readonly hanging = new Set<import('node:http').ServerResponse>();

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const queue = this.answers.get(path) ?? [200];
        const answer = queue.length > 1 ? queue.shift()! : queue[0];
        if (answer === 'hang') {
          this.hanging.add(res);
          return;
        }
        if (typeof answer === 'object') {
          res.writeHead(302, { Location: answer.redirect }).end();
          return;
        }
        res.writeHead(answer, { 'Content-Type': 'text/plain' }).end(answer < 300 ? 'ok' : 'no');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${path}`;
  }

  answer(path: string, ...answers: Answer[]): void {
    this.answers.set(path, answers);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}
