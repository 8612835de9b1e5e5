import Stripe from 'stripe';
import { adminAgent, Agent, clientAgent, createTestApp, TestApp } from '../support/test-app';

const WEBHOOK_SECRET = 'whsec_credits_secret_1';
const signer = new Stripe('sk_test_signer');

describe('Buying credit bundles by card (CONTRACT §4)', () => {
  let t: TestApp;
  let admin: Agent;
  let bundleId: number;
  let inactiveId: number;
  const tag = `buy${process.pid}`;

  beforeAll(async () => {
    t = await createTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    admin = await adminAgent(t);
    bundleId = (
      await admin
        .post('/api/credit-bundles')
        .send({ name: `${tag} Ten`, price: 90, creditAmount: 10 })
        .expect(201)
    ).body.id;
    inactiveId = (
      await admin
        .post('/api/credit-bundles')
        .send({ name: `${tag} Old`, price: 50, creditAmount: 5, isActive: false })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  async function paidIntent(agent: Agent, id = bundleId) {
    const intent = (await agent.post('/api/create-credit-payment-intent').send({ bundleId: id, amount: 90 }).expect(200)).body;
    await agent
      .post(`/api/payment-emulator/payment_intents/${intent.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    return intent as { clientSecret: string; amount: number; paymentIntentId: string };
  }
  const balance = async (agent: Agent, id: number) => (await agent.get(`/api/user-credits/${id}`).expect(200)).body.balance as number;

  it("charges the bundle's own price and credits its amount once the card payment succeeded", async () => {
    const c = await clientAgent(t, 'buyer');
    const intent = await paidIntent(c.agent);
    expect(intent.amount).toBe(90);
    const res = await c.agent.post('/api/purchase-credits').send({ bundleId, stripePaymentId: intent.paymentIntentId }).expect(200);
    expect(res.body).toEqual({ success: true, creditsAdded: 10, creditBalance: 10 });
    const usage = (await admin.get('/api/credit-bundles/usage').expect(200)).body;
    expect(usage[String(bundleId)]).toBeGreaterThanOrEqual(1);
  });

  it('credits a replayed purchase and a replayed webhook only once', async () => {
    const c = await clientAgent(t, 'replayer');
    const intent = await paidIntent(c.agent);
    const payload = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.paymentIntentId, object: 'payment_intent' } },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    for (let i = 0; i < 5; i++) {
      const hook = await t
        .http()
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', signature)
        .send(payload)
        .expect(200);
      expect(hook.body.outcome).toBe('recorded');
    }
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => c.agent.post('/api/purchase-credits').send({ bundleId, stripePaymentId: intent.paymentIntentId })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.every((a) => a.body.creditsAdded === 0)).toBe(true);
    expect(await balance(c.agent, c.id)).toBe(10);
  });

  it("without stripePaymentId uses this user's latest succeeded, unused intent", async () => {
    const c = await clientAgent(t, 'noid');
    await paidIntent(c.agent);
    const first = await c.agent.post('/api/purchase-credits').send({ bundleId }).expect(200);
    expect(first.body).toMatchObject({ creditsAdded: 10, creditBalance: 10 });
    const again = await c.agent.post('/api/purchase-credits').send({ bundleId }).expect(200);
    expect(again.body).toMatchObject({ creditsAdded: 0, creditBalance: 10 });
    // A second purchase of the same bundle gets a new intent and is credited too.
    const second = await paidIntent(c.agent);
    const res = await c.agent.post('/api/purchase-credits').send({ bundleId, stripePaymentId: second.paymentIntentId }).expect(200);
    expect(res.body).toMatchObject({ creditsAdded: 10, creditBalance: 20 });
  });

  it('never credits without a verified payment', async () => {
    const c = await clientAgent(t, 'cheat');
    const none = await c.agent.post('/api/purchase-credits').send({ bundleId }).expect(400);
    expect(none.body.message).toBe('No completed payment was found for this bundle');
    const unpaid = (await c.agent.post('/api/create-credit-payment-intent').send({ bundleId }).expect(200)).body;
    const res = await c.agent.post('/api/purchase-credits').send({ bundleId, stripePaymentId: unpaid.paymentIntentId }).expect(400);
    expect(res.body.message).toMatch(/has not succeeded/);
    const declined = (
      await c.agent
        .post(`/api/payment-emulator/payment_intents/${unpaid.paymentIntentId}/confirm`)
        .send({ payment_method: 'pm_card_chargeDeclined' })
        .expect(200)
    ).body;
    expect(declined.status).toBe('requires_payment_method');
    await c.agent.post('/api/purchase-credits').send({ bundleId }).expect(400);
    expect(await balance(c.agent, c.id)).toBe(0);
  });

  it("refuses someone else's payment, another bundle's, a project's, a wrong amount and an inactive bundle", async () => {
    const a = await clientAgent(t, 'alice');
    const b = await clientAgent(t, 'bob');
    const intent = await paidIntent(a.agent);
    await b.agent.post('/api/purchase-credits').send({ bundleId, stripePaymentId: intent.paymentIntentId }).expect(400);
    const other = (
      await admin
        .post('/api/credit-bundles')
        .send({ name: `${tag} Other`, price: 90, creditAmount: 50 })
        .expect(201)
    ).body.id;
    const wrongBundle = await a.agent
      .post('/api/purchase-credits')
      .send({ bundleId: other, stripePaymentId: intent.paymentIntentId })
      .expect(400);
    expect(wrongBundle.body.message).toBe('This payment was not made for this bundle');
    expect(await balance(b.agent, b.id)).toBe(0);
    expect(await balance(a.agent, a.id)).toBe(0);
    const wrongAmount = await a.agent.post('/api/create-credit-payment-intent').send({ bundleId, amount: 1 }).expect(400);
    expect(wrongAmount.body.message).toBe('The amount does not match the bundle price');
    const inactive = await a.agent.post('/api/create-credit-payment-intent').send({ bundleId: inactiveId, amount: 50 }).expect(400);
    expect(inactive.body.message).toBe('This bundle is not available for purchase');
    await a.agent.post('/api/create-credit-payment-intent').send({ bundleId: 2147483647 }).expect(404);
    // A project payment's intent cannot buy credits.
    const p = (
      await admin
        .post('/api/projects')
        .send({ name: `${tag} proj`, clientId: a.id, price: 90, selectedServices: [] })
        .expect(201)
    ).body;
    const pi = (await a.agent.post('/api/create-payment-intent').send({ projectId: p.id }).expect(200)).body;
    await a.agent
      .post(`/api/payment-emulator/payment_intents/${pi.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    await a.agent.post('/api/purchase-credits').send({ bundleId, stripePaymentId: pi.paymentIntentId }).expect(400);
    // ... and a bundle's intent cannot pay a project.
    await a.agent.post('/api/confirm-payment').send({ projectId: p.id, paymentIntentId: intent.paymentIntentId }).expect(400);
    await t.http().post('/api/purchase-credits').send({ bundleId }).expect(401);
  });
});
