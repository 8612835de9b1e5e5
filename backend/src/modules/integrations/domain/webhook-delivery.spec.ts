import { deliveryRetryDelayMs, MAX_DELIVERY_ATTEMPTS, WebhookDelivery } from './webhook-delivery';

const body = { id: 'evt_1', type: 'ping' as const, createdAt: '2026-11-26T00:00:00.000Z', data: {} };
const delivery = (attempts: number) =>
  new WebhookDelivery(
    1,
    { id: 2, url: 'https://hooks.example.com', secret: 'whsec_x' },
    body,
    JSON.stringify(body),
    'sending',
    attempts,
    new Date(0),
  );

describe('WebhookDelivery', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('succeeds on any 2xx, keeping the status code and when', () => {
    for (const code of [200, 201, 204, 299]) {
      const d = delivery(1);
      d.attempted({ statusCode: code, error: null }, now, 30_000);
      expect(d).toMatchObject({ status: 'succeeded', lastStatusCode: code, lastError: null, deliveredAt: now, lastAttemptAt: now });
    }
  });

  it('retries anything else after WEBHOOK_RETRY_MS, doubling: 30 s, 1 min, 2 min … for 8 tries, then fails', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => deliveryRetryDelayMs(n, 30_000) / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    for (let attempts = 1; attempts < MAX_DELIVERY_ATTEMPTS; attempts++) {
      const d = delivery(attempts);
      d.attempted({ statusCode: 500, error: 'The receiver answered 500' }, now, 30_000);
      expect(d.status).toBe('pending');
      expect(d.nextAttemptAt.getTime() - now.getTime()).toBe(30_000 * 2 ** (attempts - 1));
      expect(d.deliveredAt).toBeNull();
    }
    const last = delivery(MAX_DELIVERY_ATTEMPTS);
    last.attempted({ statusCode: null, error: 'No answer within 10 s' }, now, 30_000);
    expect(last).toMatchObject({ status: 'failed', lastStatusCode: null, lastError: 'No answer within 10 s' });
  });

  it('counts a 3xx or 1xx as a failed try (redirects are not followed)', () => {
    const d = delivery(1);
    d.attempted({ statusCode: 301, error: 'The receiver answered 301 (redirects are not followed)' }, now, 100);
    expect(d).toMatchObject({ status: 'pending', lastStatusCode: 301 });
  });
});
