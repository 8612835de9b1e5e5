import Stripe from 'stripe';
import { adminAgent, Agent, clientAgent, createTestApp, TestApp } from '../support/test-app';

const WEBHOOK_SECRET = 'whsec_test_portal_secret_123';
const stripe = new Stripe('sk_test_signer');

/** A signed Stripe event, as Stripe would send it. */
function signedEvent(intent: { id: string; amount?: number }, type = 'payment_intent.succeeded') {
  const payload = JSON.stringify({
    id: `evt_${intent.id}`,
    object: 'event',
    type,
    data: { object: { id: intent.id, object: 'payment_intent', amount: intent.amount ?? 0 } },
  });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

describe('Card payments with the emulator (CONTRACT §3)', () => {
  let t: TestApp;
  let admin: Agent;
  let owner: Awaited<ReturnType<typeof clientAgent>>;
  let stranger: Awaited<ReturnType<typeof clientAgent>>;
  const tag = `card${process.pid}`;

  beforeAll(async () => {
    t = await createTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    admin = await adminAgent(t);
    owner = await clientAgent(t, 'cardowner');
    stranger = await clientAgent(t, 'cardstranger');
  });
  afterAll(() => t.close());

  async function project(price = '250.50', clientId = owner.id) {
    const res = await admin
      .post('/api/projects')
      .send({
        name: `${tag} ${Math.random().toString(36).slice(2, 7)}`,
        clientId,
        price,
        selectedServices: [],
        downloadLink: 'https://files.example.com/p.zip',
      })
      .expect(201);
    return res.body.id as number;
  }

  async function startPayment(agent: Agent, projectId: number) {
    const res = await agent.post('/api/create-payment-intent').send({ projectId }).expect(200);
    expect(res.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    return res.body as { clientSecret: string; amount: number; paymentIntentId: string };
  }

  const emulatorConfirm = (agent: Agent, intentId: string, method: string) =>
    agent.post(`/api/payment-emulator/payment_intents/${intentId}/confirm`).send({ payment_method: method });

  const paymentsOf = async (projectId: number) =>
    (await t.db.query(`SELECT amount_cents, stripe_payment_id, status FROM payments WHERE project_id = $1`, [projectId])) as Array<{
      amount_cents: string;
      stripe_payment_id: string;
      status: string;
    }>;

  it('tells the browser it is in emulator mode', async () => {
    expect((await t.http().get('/api/public-config').expect(200)).body).toMatchObject({
      paymentMode: 'emulator',
      stripePublishableKey: null,
    });
  });

  it('pays the unpaid remainder by test card: one completed payment, the project paid, method Stripe', async () => {
    const id = await project();
    expect((await owner.agent.get(`/api/project-remaining-balance/${id}`).expect(200)).body).toEqual({
      unpaidAmount: 250.5,
      depositDue: null,
    });
    const intent = await startPayment(owner.agent, id);
    expect(intent.amount).toBe(250.5);
    expect(intent.clientSecret.split('_secret_')[0]).toBe(intent.paymentIntentId);
    const confirmed = await emulatorConfirm(owner.agent, intent.paymentIntentId, 'pm_card_visa').expect(200);
    expect(confirmed.body).toMatchObject({
      id: intent.paymentIntentId,
      object: 'payment_intent',
      status: 'succeeded',
      amount: 25050,
      currency: 'usd',
    });
    const res = await owner.agent.post('/api/confirm-payment').send({ projectId: id, paymentIntentId: intent.paymentIntentId }).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.project).toMatchObject({ id, isPaid: true, unpaidAmount: 0, downloadLink: 'https://files.example.com/p.zip' });
    expect(await paymentsOf(id)).toEqual([{ amount_cents: '25050', stripe_payment_id: intent.paymentIntentId, status: 'completed' }]);
    const history = await admin.get('/api/payments').expect(200);
    expect(history.body.find((p: { projectId: number }) => p.projectId === id)).toMatchObject({
      method: 'Stripe',
      amount: 250.5,
      stripePaymentId: intent.paymentIntentId,
    });
    expect((await owner.agent.get(`/api/project-remaining-balance/${id}`).expect(200)).body).toEqual({ unpaidAmount: 0, depositDue: null });
  });

  it('charges only what remains after earlier payments', async () => {
    // Decision 0045: a payment counts once it is posted to the invoice, so the earlier payment is made through
    // the app: the studio splits the $100 into $40, $30 and $30 and the client pays the first part by card.
    const id = await project('100');
    const { invoiceId } = (await owner.agent.get(`/api/projects/${id}`).expect(200)).body as { invoiceId: number };
    await admin
      .put(`/api/invoices/${invoiceId}/schedule`)
      .send([
        { label: 'First', amount: 40, dueDate: '2030-01-01' },
        { label: 'Second', amount: 30, dueDate: '2030-02-01' },
        { label: 'Third', amount: 30, dueDate: '2030-03-01' },
      ])
      .expect(200);
    const first = await startPayment(owner.agent, id);
    expect(first.amount).toBe(40);
    await emulatorConfirm(owner.agent, first.paymentIntentId, 'pm_card_visa').expect(200);
    await owner.agent.post('/api/confirm-payment').send({ projectId: id, paymentIntentId: first.paymentIntentId }).expect(200);
    expect((await owner.agent.get(`/api/project-remaining-balance/${id}`).expect(200)).body).toEqual({
      unpaidAmount: 60,
      depositDue: null,
    });
    // everything owed is the $60 left; the next installment alone is $30
    const balance = await owner.agent.post('/api/create-payment-intent').send({ projectId: id, part: 'balance' }).expect(200);
    expect(balance.body).toMatchObject({ amount: 60, part: 'balance' });
    expect(balance.body.paymentIntentId).not.toBe(first.paymentIntentId);
    const next = await startPayment(owner.agent, id);
    expect(next).toMatchObject({ amount: 30, part: 'installment' });
  });

  it('gives the same intent back for a repeated request (idempotency)', async () => {
    const id = await project('75');
    const a = await startPayment(owner.agent, id);
    const b = await startPayment(owner.agent, id);
    expect(b.paymentIntentId).toBe(a.paymentIntentId);
  });

  it('refuses a confirm for an intent that has not succeeded, and records nothing', async () => {
    const id = await project();
    const intent = await startPayment(owner.agent, id);
    const res = await owner.agent.post('/api/confirm-payment').send({ projectId: id, paymentIntentId: intent.paymentIntentId }).expect(400);
    expect(res.body.message).toBe('The payment has not succeeded (status: requires_payment_method)');
    expect(await paymentsOf(id)).toEqual([]);
  });

  it('declines pm_card_chargeDeclined like Stripe, and the project stays unpaid', async () => {
    const id = await project();
    const intent = await startPayment(owner.agent, id);
    const declined = await emulatorConfirm(owner.agent, intent.paymentIntentId, 'pm_card_chargeDeclined').expect(200);
    expect(declined.body).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { message: 'Your card was declined.', code: 'card_declined' },
    });
    await owner.agent.post('/api/confirm-payment').send({ projectId: id, paymentIntentId: intent.paymentIntentId }).expect(400);
    expect((await owner.agent.get(`/api/projects/${id}`).expect(200)).body.isPaid).toBe(false);
    // The same intent can then be paid with a good card.
    await emulatorConfirm(owner.agent, intent.paymentIntentId, 'pm_card_visa').expect(200);
    await owner.agent.post('/api/confirm-payment').send({ projectId: id, paymentIntentId: intent.paymentIntentId }).expect(200);
  });

  it('refuses an intent of another project, even of the same client', async () => {
    const a = await project('40');
    const b = await project('40');
    const intent = await startPayment(owner.agent, a);
    await emulatorConfirm(owner.agent, intent.paymentIntentId, 'pm_card_visa').expect(200);
    const res = await owner.agent.post('/api/confirm-payment').send({ projectId: b, paymentIntentId: intent.paymentIntentId }).expect(400);
    expect(res.body.message).toBe('This payment does not belong to this project');
    expect(await paymentsOf(b)).toEqual([]);
    expect((await owner.agent.get(`/api/projects/${b}`).expect(200)).body.isPaid).toBe(false);
  });

  it("keeps another client away from the project, its balance, its intent and the emulator's confirm", async () => {
    const id = await project('55');
    await stranger.agent.get(`/api/project-remaining-balance/${id}`).expect(404);
    await stranger.agent.post('/api/create-payment-intent').send({ projectId: id }).expect(404);
    const intent = await startPayment(owner.agent, id);
    await emulatorConfirm(stranger.agent, intent.paymentIntentId, 'pm_card_visa').expect(404);
    await emulatorConfirm(owner.agent, intent.paymentIntentId, 'pm_card_visa').expect(200);
    await stranger.agent.post('/api/confirm-payment').send({ projectId: id, paymentIntentId: intent.paymentIntentId }).expect(404);
    // The stranger's own project cannot be paid with the owner's intent either.
    const theirs = await project('55', stranger.id);
    await stranger.agent.post('/api/confirm-payment').send({ projectId: theirs, paymentIntentId: intent.paymentIntentId }).expect(400);
    expect(await paymentsOf(theirs)).toEqual([]);
    await t.http().post('/api/create-payment-intent').send({ projectId: id }).expect(401);
    await t
      .http()
      .post(`/api/payment-emulator/payment_intents/${intent.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(401);
  });

  it('records a replayed confirm once', async () => {
    const id = await project('20');
    const intent = await startPayment(owner.agent, id);
    await emulatorConfirm(owner.agent, intent.paymentIntentId, 'pm_card_visa').expect(200);
    for (let i = 0; i < 3; i++)
      await owner.agent.post('/api/confirm-payment').send({ projectId: id, paymentIntentId: intent.paymentIntentId }).expect(200);
    await Promise.all(
      [1, 2, 3].map(() =>
        owner.agent.post('/api/confirm-payment').send({ projectId: id, paymentIntentId: intent.paymentIntentId }).expect(200),
      ),
    );
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('answers nothing due for a paid project, and the admin cannot start a client’s payment', async () => {
    const id = await project('30');
    await admin.patch(`/api/projects/${id}/mark-paid`).send({}).expect(200);
    const res = await owner.agent.post('/api/create-payment-intent').send({ projectId: id }).expect(400);
    expect(res.body.message).toBe('No payment is due for this project');
    const other = await project('30');
    await admin.post('/api/create-payment-intent').send({ projectId: other }).expect(404);
  });

  it('refuses bad input with 400', async () => {
    await owner.agent.post('/api/create-payment-intent').send({ projectId: 'abc' }).expect(400);
    await owner.agent.post('/api/confirm-payment').send({ projectId: 1, paymentIntentId: 'not-an-intent' }).expect(400);
    const mine = await project('10');
    const unknown = await owner.agent
      .post('/api/confirm-payment')
      .send({ projectId: mine, paymentIntentId: 'pi_doesnotexist' })
      .expect(400);
    expect(unknown.body.message).toBe('This payment was not started here');
    await emulatorConfirm(owner.agent, 'pi_x', 'pm_card_bogus').expect(400);
  });

  it('fulfils payment_intent.succeeded from the webhook, once, whichever of webhook and confirm comes first', async () => {
    // Webhook first (the tab was closed), then the browser's confirm.
    const a = await project('45');
    const ia = await startPayment(owner.agent, a);
    await emulatorConfirm(owner.agent, ia.paymentIntentId, 'pm_card_visa').expect(200);
    const ev = signedEvent({ id: ia.paymentIntentId });
    for (let i = 0; i < 5; i++) {
      const res = await t
        .http()
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', ev.signature)
        .send(ev.payload)
        .expect(200);
      expect(res.body).toEqual({ received: true, outcome: 'recorded' });
    }
    expect((await owner.agent.get(`/api/projects/${a}`).expect(200)).body.isPaid).toBe(true);
    await owner.agent.post('/api/confirm-payment').send({ projectId: a, paymentIntentId: ia.paymentIntentId }).expect(200);
    expect(await paymentsOf(a)).toHaveLength(1);

    // Confirm first, then the webhook.
    const b = await project('45');
    const ib = await startPayment(owner.agent, b);
    await emulatorConfirm(owner.agent, ib.paymentIntentId, 'pm_card_visa').expect(200);
    await owner.agent.post('/api/confirm-payment').send({ projectId: b, paymentIntentId: ib.paymentIntentId }).expect(200);
    const evb = signedEvent({ id: ib.paymentIntentId });
    await t
      .http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', evb.signature)
      .send(evb.payload)
      .expect(200);
    expect(await paymentsOf(b)).toHaveLength(1);
  });

  it('refuses a webhook with a bad signature, and ignores other events and unknown intents', async () => {
    const ev = signedEvent({ id: 'pi_unknown123' });
    await t
      .http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=deadbeef')
      .send(ev.payload)
      .expect(400);
    await t.http().post('/api/stripe/webhook').set('Content-Type', 'application/json').send(ev.payload).expect(400);
    const ignored = await t
      .http()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', ev.signature)
      .send(ev.payload)
      .expect(200);
    expect(ignored.body.outcome).toBe('ignored');
    const other = signedEvent({ id: 'pi_unknown123' }, 'payment_intent.created');
    expect(
      (
        await t
          .http()
          .post('/api/stripe/webhook')
          .set('Content-Type', 'application/json')
          .set('Stripe-Signature', other.signature)
          .send(other.payload)
          .expect(200)
      ).body.outcome,
    ).toBe('ignored');
  });
});
