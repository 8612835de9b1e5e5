import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | { message: string; code: string };
  created: number;
  livemode: false;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

/**
 * A local HTTP server that answers the PaymentIntents and Refunds calls the Stripe adapter makes, in Stripe's
 * wire format (form-encoded requests, JSON answers, idempotency keys), so the real SDK code path runs.
 */
export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds: FakeRefund[] = [];
  readonly requests: Array<{ method: string; path: string; idempotencyKey?: string; auth?: string; form?: URLSearchParams }> = [];
  private byKey = new Map<string, string>();
  private server!: Server;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(([status, body]) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  setStatus(id: string, status: string): void {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    intent.status = status;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const path = (req.url ?? '').split('?')[0];
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method ?? '', path, idempotencyKey, auth: req.headers.authorization, form });
    if (!req.headers.authorization?.startsWith('Bearer sk_test_'))
      return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }];

    if (req.method === 'POST' && path === '/v1/payment_intents') {
      if (idempotencyKey && this.byKey.has(idempotencyKey)) return [200, this.intents.get(this.byKey.get(idempotencyKey)!)];
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]] = v;
      }
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      this.intents.set(id, intent);
      if (idempotencyKey) this.byKey.set(idempotencyKey, id);
      return [200, intent];
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      if (idempotencyKey && this.byKey.has(idempotencyKey)) return [200, this.refunds.find((r) => r.id === this.byKey.get(idempotencyKey))];
      const intent = this.intents.get(form.get('payment_intent') ?? '');
      if (!intent || intent.status !== 'succeeded')
        return [
          400,
          { error: { type: 'invalid_request_error', message: 'This PaymentIntent does not have a successful charge to refund.' } },
        ];
      const amount = Number(form.get('amount') ?? intent.amount);
      const refunded = this.refunds
        .filter((r) => r.payment_intent === intent.id && r.status !== 'failed')
        .reduce((a, r) => a + r.amount, 0);
      if (refunded + amount > intent.amount) {
        return [
          400,
          { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } },
        ];
      }
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const mm = /^metadata\[(.+)\]$/.exec(k);
        if (mm) metadata[mm[1]] = v;
      }
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        failure_reason: null,
        metadata,
        created: Math.floor(Date.now() / 1000),
      };
      this.refunds.push(refund);
      if (idempotencyKey) this.byKey.set(idempotencyKey, refund.id);
      return [200, refund];
    }
    if (req.method === 'GET' && path === '/v1/refunds') {
      const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
      const data = this.refunds.filter((r) => r.payment_intent === query.get('payment_intent')).reverse();
      return [200, { object: 'list', data, has_more: false, url: '/v1/refunds' }];
    }
    const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      const intent = this.intents.get(m[1]);
      return intent
        ? [200, intent]
        : [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${m[1]}'` } }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } }];
  }
}
