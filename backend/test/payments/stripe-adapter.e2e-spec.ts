import { FakeStripe } from '../support/fake-stripe';
import { adminAgent, Agent, clientAgent, createTestApp, TestApp } from '../support/test-app';
import { postStripeEvent } from '../support/stripe-events';

const WEBHOOK_SECRET = 'whsec_stripe_mode_secret';

describe('Card payments through the Stripe adapter (the real SDK against a local Stripe-like server)', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let admin: Agent;
  let owner: Awaited<ReturnType<typeof clientAgent>>;

  beforeAll(async () => {
    fake = await new FakeStripe().start();
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_portal123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_portal123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
    admin = await adminAgent(t);
    owner = await clientAgent(t, 'stripeowner');
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const project = async (price: string) =>
    (
      await admin
        .post('/api/projects')
        .send({ name: `Stripe ${Math.random().toString(36).slice(2, 7)}`, clientId: owner.id, price, selectedServices: [] })
        .expect(201)
    ).body.id as number;

  it('lets Stripe.js load and reach Stripe under the content security policy', async () => {
    const csp = (await t.http().get('/api/health').expect(200)).headers['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:/);
  });

  it('gives the browser the publishable key and no emulator route', async () => {
    expect((await t.http().get('/api/public-config').expect(200)).body).toMatchObject({
      paymentMode: 'stripe',
      stripePublishableKey: 'pk_test_portal123',
    });
    const res = await owner.agent
      .post('/api/payment-emulator/payment_intents/pi_x/confirm')
      .send({ payment_method: 'pm_card_visa' })
      .expect(404);
    expect(res.body.message).toMatch(/No route/);
  });

  it('creates the intent at Stripe for the remainder, with metadata and an idempotency key', async () => {
    const id = await project('120.25');
    const res = await owner.agent.post('/api/create-payment-intent').send({ projectId: id }).expect(200);
    const intent = fake.intents.get(res.body.paymentIntentId)!;
    expect(intent).toMatchObject({
      amount: 12025,
      currency: 'usd',
      metadata: { purpose: 'project', projectId: String(id), userId: String(owner.id) },
    });
    expect(res.body.clientSecret).toBe(intent.client_secret);
    const call = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents')!;
    expect(call.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    expect(call.auth).toBe('Bearer sk_test_portal123');
  });

  it('records the payment only once Stripe says the intent succeeded', async () => {
    const id = await project('99');
    const { body } = await owner.agent.post('/api/create-payment-intent').send({ projectId: id }).expect(200);
    fake.setStatus(body.paymentIntentId, 'processing');
    const early = await owner.agent.post('/api/confirm-payment').send({ projectId: id, paymentIntentId: body.paymentIntentId }).expect(400);
    expect(early.body.message).toBe('The payment has not succeeded (status: processing)');
    fake.setStatus(body.paymentIntentId, 'succeeded');
    const ok = await owner.agent.post('/api/confirm-payment').send({ projectId: id, paymentIntentId: body.paymentIntentId }).expect(200);
    expect(ok.body.project).toMatchObject({ isPaid: true, amountPaid: 99 });
  });

  it('refuses an intent whose amount at Stripe differs from what was asked', async () => {
    const id = await project('50');
    const { body } = await owner.agent.post('/api/create-payment-intent').send({ projectId: id }).expect(200);
    const intent = fake.intents.get(body.paymentIntentId)!;
    intent.amount = 100;
    intent.status = 'succeeded';
    const res = await owner.agent.post('/api/confirm-payment').send({ projectId: id, paymentIntentId: body.paymentIntentId }).expect(400);
    expect(res.body.message).toBe('The amount paid does not match the amount due');
  });

  it('fulfils a signed payment_intent.succeeded event through the SDK', async () => {
    const id = await project('64');
    const { body } = await owner.agent.post('/api/create-payment-intent').send({ projectId: id }).expect(200);
    fake.setStatus(body.paymentIntentId, 'succeeded');
    const intent = fake.intents.get(body.paymentIntentId)!;
    await postStripeEvent(t, { id: 'evt_1', type: 'payment_intent.succeeded', object: intent }, WEBHOOK_SECRET).expect(200);
    expect((await owner.agent.get(`/api/projects/${id}`).expect(200)).body.isPaid).toBe(true);
  });

  it('refunds through Stripe Refunds, and records a charge.refunded for that refund only once', async () => {
    const id = await project('80');
    const { body } = await owner.agent.post('/api/create-payment-intent').send({ projectId: id }).expect(200);
    fake.setStatus(body.paymentIntentId, 'succeeded');
    await owner.agent.post('/api/confirm-payment').send({ projectId: id, paymentIntentId: body.paymentIntentId }).expect(200);
    const [{ id: paymentId }] = await t.db.query(`SELECT id FROM payments WHERE stripe_payment_id = $1`, [body.paymentIntentId]);

    const res = await admin.post(`/api/payments/${paymentId}/refunds`).send({ amount: 30, reason: 'Late delivery' }).expect(201);
    const refund = fake.refunds.find((r) => r.id === res.body.providerRefundId)!;
    expect(refund).toMatchObject({ payment_intent: body.paymentIntentId, amount: 3000, metadata: { paymentId: String(paymentId) } });
    const call = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds')!;
    expect(call.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);

    const charge = { id: 'ch_1', object: 'charge', payment_intent: body.paymentIntentId, amount_refunded: 3000 };
    const hook = async () =>
      (await postStripeEvent(t, { type: 'charge.refunded', object: charge }, WEBHOOK_SECRET).expect(200)).body.outcome as string;
    expect(await hook()).toBe('already recorded');
    const refunds = await t.db.query(`SELECT amount_cents, provider_refund_id FROM payment_refunds WHERE payment_id = $1`, [paymentId]);
    expect(refunds).toEqual([{ amount_cents: '3000', provider_refund_id: refund.id }]);
    expect((await owner.agent.get(`/api/projects/${id}`).expect(200)).body.isPaid).toBe(false);

    // Stripe refusing (more than is left at Stripe, e.g. refunded in its dashboard meanwhile): a 400 with Stripe's reason, nothing recorded.
    fake.refunds.push({ ...refund, id: 're_dashboard', amount: 5000 });
    const refused = await admin.post(`/api/payments/${paymentId}/refunds`).send({ amount: 10, reason: 'More' }).expect(400);
    expect(refused.body).toMatchObject({
      code: 'PAYMENTS.REFUND_FAILED',
      message: 'The card provider could not refund this payment: Charge has already been refunded.',
    });
    // ... and the dashboard's refund arrives by its webhook.
    expect(await hook()).toBe('recorded');
    expect((await t.db.query(`SELECT refunded_cents FROM payments WHERE id = $1`, [paymentId]))[0].refunded_cents).toBe('8000');
  });
});

describe('Card payments when Stripe cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_down',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_down',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => t.close());

  it('answers a clear 503 and records nothing', async () => {
    const admin = await adminAgent(t);
    const owner = await clientAgent(t, 'down');
    const { body } = await admin
      .post('/api/projects')
      .send({ name: 'Unreachable', clientId: owner.id, price: '10', selectedServices: [] })
      .expect(201);
    const res = await owner.agent.post('/api/create-payment-intent').send({ projectId: body.id }).expect(503);
    expect(res.body.message).toBe('The card payment service is not answering. Please try again in a moment.');
    expect(await t.db.query(`SELECT 1 FROM card_payment_intents WHERE project_id = $1`, [body.id])).toHaveLength(0);
  });
});
