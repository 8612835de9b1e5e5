import { verifySignature } from '../../src/modules/integrations/domain/webhook-signature';
import { WebhookDispatcher } from '../../src/modules/integrations/application/webhook-dispatcher';
import { adminAgent, Agent, clientAgent, contentRange, createTestApp, eventually, TestApp } from '../support/test-app';
import { WebhookReceiver, type Received } from '../support/webhook-receiver';

const tag = () => `${process.pid}${Math.random().toString(36).slice(2, 7)}`;

interface EventBody {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/** CONTRACT §9: webhook events, stored with their cause, delivered signed by the worker, retried, logged. */
describe('Webhook deliveries', () => {
  let t: TestApp;
  let admin: Agent;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_MS: '100', OUTBOX_POLL_MS: '50' });
    admin = await adminAgent(t);
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  async function endpoint(path: string, events: string[]) {
    const made = (
      await admin
        .post('/api/webhook-endpoints')
        .send({ url: receiver.url(path), events })
        .expect(201)
    ).body;
    return made as { id: number; secret: string };
  }
  const parsed = (r: Received) => JSON.parse(r.body) as EventBody;
  const deliveries = async (endpointId: number) => (await admin.get(`/api/webhook-endpoints/${endpointId}/deliveries`).expect(200)).body;

  it('sends client.created, project.created, project.paid and payment.succeeded, signed, with the objects as the API shows them', async () => {
    const path = `/all-${tag()}`;
    const ep = await endpoint(path, ['client.created', 'project.created', 'project.paid', 'payment.succeeded']);
    const owner = await clientAgent(t, 'hooked');
    const project = (
      await admin
        .post('/api/projects')
        .send({
          name: `Hooked ${tag()}`,
          clientId: owner.id,
          price: '120.00',
          selectedServices: [],
          downloadLink: 'https://files.example.com/p.zip',
        })
        .expect(201)
    ).body;
    const intent = (await owner.agent.post('/api/create-payment-intent').send({ projectId: project.id }).expect(200)).body;
    await owner.agent
      .post(`/api/payment-emulator/payment_intents/${intent.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    await owner.agent.post('/api/confirm-payment').send({ projectId: project.id, paymentIntentId: intent.paymentIntentId }).expect(200);

    const got = await eventually(async () => {
      const r = receiver.at(path);
      expect(r.map((x) => parsed(x).type).sort()).toEqual(['client.created', 'payment.succeeded', 'project.created', 'project.paid']);
      return r;
    });
    const now = Math.floor(Date.now() / 1000);
    for (const r of got) {
      const body = parsed(r);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['studio-event-id']).toBe(body.id);
      expect(r.headers['studio-event-type']).toBe(body.type);
      expect(body.id).toMatch(/^evt_[A-Za-z0-9_-]{22}$/);
      expect(Object.keys(body)).toEqual(['id', 'type', 'createdAt', 'data']);
      expect(verifySignature(ep.secret, r.body, String(r.headers['studio-signature']), now)).toBe(true);
      expect(verifySignature(ep.secret, r.body.replace('"data"', '"data" '), String(r.headers['studio-signature']), now)).toBe(false);
    }
    const byType = Object.fromEntries(got.map((r) => [parsed(r).type, parsed(r).data]));
    const client = (await admin.get(`/api/clients/${owner.id}`).expect(200)).body;
    expect(byType['client.created']).toMatchObject({ id: owner.id, email: owner.email, username: owner.username, role: 'client' });
    expect(Object.keys(byType['client.created']).sort()).toEqual(Object.keys(client).sort());
    expect(byType['project.created']).toMatchObject({ id: project.id, name: project.name, isPaid: false, unpaidAmount: 120 });
    expect(byType['project.paid']).toEqual((await admin.get(`/api/projects/${project.id}`).expect(200)).body);
    const history = (await admin.get('/api/payments').expect(200)).body.find((p: { projectId: number }) => p.projectId === project.id);
    expect(byType['payment.succeeded']).toEqual(history);

    const log = await deliveries(ep.id);
    expect(log).toHaveLength(4);
    for (const d of log) {
      expect(d).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    }
    const first = Math.min(...got.map((r) => r.at));
    expect(first - Date.parse(byType['client.created'].createdAt as string)).toBeLessThan(2000);
  });

  it('sends credits.purchased and credits.redeemed with the ledger entry and the balance after it', async () => {
    const path = `/credits-${tag()}`;
    await endpoint(path, ['credits.purchased', 'credits.redeemed']);
    const bundle = (
      await admin
        .post('/api/credit-bundles')
        .send({ name: `Hook ${tag()}`, price: 90, creditAmount: 10 })
        .expect(201)
    ).body;
    const service = (
      await admin
        .post('/api/services')
        .send({ name: `Hook aerial ${tag()}`, price: 150, creditEligible: true, creditCost: 2 })
        .expect(201)
    ).body;
    const c = await clientAgent(t, 'creditor');
    const intent = (await c.agent.post('/api/create-credit-payment-intent').send({ bundleId: bundle.id, amount: 90 }).expect(200)).body;
    await c.agent
      .post(`/api/payment-emulator/payment_intents/${intent.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    await c.agent.post('/api/purchase-credits').send({ bundleId: bundle.id, stripePaymentId: intent.paymentIntentId }).expect(200);
    const p = (
      await admin
        .post('/api/projects')
        .send({ name: `Hook credits ${tag()}`, clientId: c.id, selectedServices: [{ serviceId: service.id, quantity: 1 }] })
        .expect(201)
    ).body;
    await c.agent.post('/api/redeem-credits').send({ projectId: p.id }).expect(200);
    // adjustments are not integrator events
    await admin.post('/api/credit-adjustments').send({ userId: c.id, amount: 1, type: 'add' }).expect(201);

    const got = await eventually(async () => {
      const r = receiver.at(path).map(parsed);
      expect(r).toHaveLength(2);
      return r;
    });
    const purchased = got.find((e) => e.type === 'credits.purchased')!;
    const redeemed = got.find((e) => e.type === 'credits.redeemed')!;
    expect(purchased.data).toMatchObject({ userId: c.id, balance: 10, transaction: { type: 'purchase', amount: 10, bundleId: bundle.id } });
    expect(redeemed.data).toMatchObject({ userId: c.id, balance: 8, transaction: { type: 'redemption', amount: 2, projectId: p.id } });
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at(path)).toHaveLength(2);
  });

  it('stores nothing for a change that is refused, and nothing for an event no endpoint wants', async () => {
    const path = `/refused-${tag()}`;
    const ep = await endpoint(path, ['client.created']);
    const taken = (await clientAgent(t, 'taken')).email;
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM webhook_events`))[0].n;
    await t
      .http()
      .post('/api/register')
      .send({ username: `Dup ${tag()}`, email: taken, password: 'Another-pass-123' })
      .expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));
    await admin
      .post('/api/credit-bundles')
      .send({ name: `Nobody listens ${tag()}`, price: 5, creditAmount: 1 })
      .expect(201);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM webhook_events`))[0].n).toBe(before);
    await eventually(async () => expect(receiver.at(path)).toHaveLength(1)); // the 'taken' client's own event
    expect((await deliveries(ep.id)).map((d: { type: string }) => d.type)).toEqual(['client.created']);
  });

  it('retries a failing receiver with back-off until it answers 2xx, and logs each status code', async () => {
    const path = `/flaky-${tag()}`;
    receiver.answer(path, 500, 503, 200);
    const ep = await endpoint(path, ['ping']);
    const sent = (await admin.post(`/api/webhook-endpoints/${ep.id}/test`).expect(202)).body;
    expect(sent).toMatchObject({ type: 'ping', status: 'pending', attempts: 0 });
    await eventually(async () => {
      expect((await deliveries(ep.id))[0]).toMatchObject({ id: sent.id, status: 'succeeded', attempts: 3, lastStatusCode: 200 });
    });
    const tries = receiver.at(path);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((r) => parsed(r).id)).size).toBe(1); // the same event each time
    expect(tries.map((r) => r.body)).toEqual([tries[0].body, tries[0].body, tries[0].body]);
    // back-off: 100 ms, then 200 ms (WEBHOOK_RETRY_MS=100, doubling)
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(90);
    expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(190);
    expect(parsed(tries[0]).data).toMatchObject({ endpoint: { id: ep.id, url: receiver.url(path) } });
  });

  it('gives up after 8 tries as failed, with the last status; Retry sends it again with fresh tries', async () => {
    const path = `/down-${tag()}`;
    receiver.answer(path, 500);
    const ep = await endpoint(path, ['ping']);
    const sent = (await admin.post(`/api/webhook-endpoints/${ep.id}/test`).expect(202)).body;
    await eventually(async () => {
      expect((await deliveries(ep.id))[0]).toMatchObject({
        status: 'failed',
        attempts: 8,
        lastStatusCode: 500,
        lastError: 'The receiver answered 500',
        nextAttemptAt: null,
      });
    }, 60_000);
    expect(receiver.at(path)).toHaveLength(8);
    receiver.answer(path, 200);
    const again = (await admin.post(`/api/webhook-deliveries/${sent.id}/retry`).expect(202)).body;
    expect(again).toMatchObject({ id: sent.id, status: 'pending', attempts: 0 });
    await eventually(async () =>
      expect((await deliveries(ep.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200 }),
    );
    expect(receiver.at(path)).toHaveLength(9);
  }, 90_000);

  it('does not follow a redirect, and a receiver that hangs holds up none of the other endpoints', async () => {
    const target = `/target-${tag()}`;
    const moved = `/moved-${tag()}`;
    const hang = `/hang-${tag()}`;
    const fine = `/fine-${tag()}`;
    receiver.answer(moved, { redirect: receiver.url(target) });
    receiver.answer(hang, 'hang');
    const redirecting = await endpoint(moved, ['ping']);
    const hanging = await endpoint(hang, ['client.created']);
    const healthy = await endpoint(fine, ['client.created']);
    await admin.post(`/api/webhook-endpoints/${redirecting.id}/test`).expect(202);
    // Tries come back quickly here (WEBHOOK_RETRY_MS=100), so a slow run may already have made several.
    await eventually(async () => {
      const [redirected] = await deliveries(redirecting.id);
      expect(redirected).toMatchObject({
        lastStatusCode: 302,
        lastError: 'The receiver answered 302 (redirects are not followed)',
      });
      expect(redirected.attempts).toBeGreaterThanOrEqual(1);
      expect(['pending', 'failed']).toContain(redirected.status);
    });
    expect(receiver.at(moved).length).toBeGreaterThanOrEqual(1);
    expect(receiver.at(target)).toHaveLength(0);

    for (let i = 0; i < 5; i++) await clientAgent(t, 'crowd');
    await eventually(async () => expect(receiver.at(fine)).toHaveLength(5));
    // One in flight per endpoint: the rest wait behind the hanging one (each try is given up after 10 s,
    // so a slow run may have started a second).
    expect(receiver.at(hang).length).toBeGreaterThanOrEqual(1);
    expect(receiver.at(hang).length).toBeLessThan(5);
    const hangingLog = await deliveries(hanging.id);
    expect(hangingLog).toHaveLength(5);
    expect(hangingLog.every((d: { status: string }) => d.status === 'pending')).toBe(true);
    await admin.patch(`/api/webhook-endpoints/${hanging.id}`).send({ enabled: false }).expect(200);
    await admin.patch(`/api/webhook-endpoints/${redirecting.id}`).send({ enabled: false }).expect(200);
    await admin.post(`/api/webhook-endpoints/${hanging.id}/test`).expect(409);
    void healthy;
  });

  it('pages the delivery log with Content-Range; refuses unknown ids, tokens and clients', async () => {
    const path = `/log-${tag()}`;
    const ep = await endpoint(path, ['ping']);
    for (let i = 0; i < 3; i++) await admin.post(`/api/webhook-endpoints/${ep.id}/test`).expect(202);
    const page = await admin.get(`/api/webhook-endpoints/${ep.id}/deliveries`).query({ range: '[0,1]' }).expect(200);
    expect(page.body).toHaveLength(2);
    expect(contentRange(page.headers['content-range'])).toEqual({ resource: 'webhook-deliveries', start: 0, end: 1, total: 3 });
    expect(page.body[0].id).toBeGreaterThan(page.body[1].id);
    await admin.get(`/api/webhook-endpoints/999999/deliveries`).expect(404);
    await admin.post(`/api/webhook-endpoints/999999/test`).expect(404);
    const missing = await admin.post(`/api/webhook-deliveries/999999999/retry`).expect(404);
    expect(missing.body.message).toBe('Webhook delivery not found');
    await admin.post(`/api/webhook-deliveries/abc/retry`).expect(400);
    const token = (
      await admin
        .post('/api/api-tokens')
        .send({ name: `hooks ${tag()}`, scope: 'write' })
        .expect(201)
    ).body.token;
    const byToken = await t.http().post(`/api/webhook-endpoints/${ep.id}/test`).set('Authorization', `Bearer ${token}`).expect(403);
    expect(byToken.body.code).toBe('AUTH.SESSION_REQUIRED');
    await t.http().get(`/api/webhook-endpoints/${ep.id}/deliveries`).set('Authorization', `Bearer ${token}`).expect(403);
    const c = await clientAgent(t, 'nosy');
    await c.agent.post(`/api/webhook-deliveries/${page.body[0].id}/retry`).expect(403);
  });
});

describe('Webhook deliveries across restarts and instances', () => {
  it('keeps deliveries while the app is down and sends each once with two instances on one database', async () => {
    const receiver = await new WebhookReceiver().start();
    const env = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_MS: '100', OUTBOX_POLL_MS: '50' };
    const first = await createTestApp(env);
    const path = `/restart-${tag()}`;
    receiver.answer(path, 503); // down while the first instance runs
    let endpointId: number;
    try {
      const admin = await adminAgent(first);
      endpointId = (
        await admin
          .post('/api/webhook-endpoints')
          .send({ url: receiver.url(path), events: ['client.created'] })
          .expect(201)
      ).body.id;
      for (let i = 0; i < 20; i++) await clientAgent(first, 'restart');
      await eventually(async () => expect(receiver.at(path).length).toBeGreaterThan(0));
    } finally {
      await first.close();
    }
    receiver.answer(path, 200);
    const switchedAt = Date.now();
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    try {
      a.app.get(WebhookDispatcher).kick();
      b.app.get(WebhookDispatcher).kick();
      await eventually(async () => {
        const rows = await a.db.query(`SELECT status FROM webhook_deliveries WHERE endpoint_id = $1`, [endpointId]);
        expect(rows).toHaveLength(20);
        expect(rows.every((r: { status: string }) => r.status === 'succeeded')).toBe(true);
      }, 30_000);
      // After the restart each event got through exactly once (the 503s before it were failed tries).
      await new Promise((r) => setTimeout(r, 300));
      const after = receiver
        .at(path)
        .filter((r) => r.at >= switchedAt)
        .map((r) => JSON.parse(r.body).id as string);
      expect(after).toHaveLength(20);
      expect(new Set(after).size).toBe(20);
    } finally {
      await a.close();
      await b.close();
      await receiver.stop();
    }
  });
});
