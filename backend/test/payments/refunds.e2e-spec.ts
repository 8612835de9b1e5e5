import { adminAgent, Agent, clientAgent, createTestApp, eventually, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { postStripeEvent } from '../support/stripe-events';

const WEBHOOK_SECRET = 'whsec_test_refunds_secret_123';

/** CONTRACT §11: refunds from Payment History, through the payment emulator's Refunds. */
describe('Refunds (CONTRACT §11)', () => {
  let t: TestApp;
  let admin: Agent;
  let receiver: WebhookReceiver;
  let owner: Awaited<ReturnType<typeof clientAgent>>;
  const tag = `rfnd${process.pid}`;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await createTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', OUTBOX_POLL_MS: '50' });
    admin = await adminAgent(t);
    owner = await clientAgent(t, 'rfndowner');
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  async function project(price: string, clientId = owner.id) {
    const name = `${tag} ${Math.random().toString(36).slice(2, 7)}`;
    const res = await admin.post('/api/projects').send({ name, clientId, price, selectedServices: [] }).expect(201);
    return { id: res.body.id as number, name };
  }

  /** Pays a project's remainder by test card as the portal does; answers the payment's id and intent id. */
  async function payByCard(projectId: number, method = 'pm_card_visa', agent: Agent = owner.agent) {
    const intent = await agent.post('/api/create-payment-intent').send({ projectId }).expect(200);
    const intentId = intent.body.paymentIntentId as string;
    await agent.post(`/api/payment-emulator/payment_intents/${intentId}/confirm`).send({ payment_method: method }).expect(200);
    await agent.post('/api/confirm-payment').send({ projectId, paymentIntentId: intentId }).expect(200);
    const [row] = await t.db.query(`SELECT id FROM payments WHERE stripe_payment_id = $1`, [intentId]);
    return { paymentId: row.id as number, intentId };
  }

  const paymentRow = async (id: number) => {
    const res = await admin
      .get('/api/payments')
      .query({
        filter: JSON.stringify({
          q: (await t.db.query(`SELECT name FROM projects p JOIN payments pay ON pay.project_id = p.id WHERE pay.id = $1`, [id]))[0].name,
        }),
      })
      .expect(200);
    return (res.body as Array<{ id: number }>).find((p) => p.id === id) as Record<string, unknown>;
  };
  const refundCount = async (paymentId: number) =>
    (await t.db.query(`SELECT count(*)::int AS n FROM payment_refunds WHERE payment_id = $1`, [paymentId]))[0].n as number;
  const projectOf = async (id: number) => (await admin.get(`/api/projects/${id}`).expect(200)).body;

  const chargeRefunded = (intentId: string) =>
    postStripeEvent(
      t,
      { type: 'charge.refunded', object: { id: `ch_${intentId}`, object: 'charge', payment_intent: intentId } },
      WEBHOOK_SECRET,
    );

  it('refunds part of a card payment through the gateway: the payment is partially refunded and the project owes it again', async () => {
    const path = `/refunds-${tag}`;
    await admin
      .post('/api/webhook-endpoints')
      .send({ url: receiver.url(path), events: ['payment.refunded'] })
      .expect(201);
    const before = (await admin.get('/api/dashboard').expect(200)).body;
    const p = await project('200');
    const { paymentId, intentId } = await payByCard(p.id);
    expect((await projectOf(p.id)).isPaid).toBe(true);

    const res = await admin.post(`/api/payments/${paymentId}/refunds`).send({ amount: '50.25', reason: 'Two photos missing' }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      paymentId,
      amount: 50.25,
      reason: 'Two photos missing',
      status: 'succeeded',
      providerRefundId: expect.stringMatching(/^re_/),
      createdAt: expect.any(String),
    });
    // The emulator holds the refund, like Stripe.
    const [emulated] = await t.db.query(`SELECT payment_intent, amount, status FROM emulated_refunds WHERE id = $1`, [
      res.body.providerRefundId,
    ]);
    expect(emulated).toEqual({ payment_intent: intentId, amount: '5025', status: 'succeeded' });

    expect(await paymentRow(paymentId)).toMatchObject({ amount: 200, refundedAmount: 50.25, status: 'partially_refunded' });
    const proj = await projectOf(p.id);
    expect(proj.isPaid).toBe(false);
    expect(proj.amountPaid).toBeCloseTo(149.75, 2);
    // The client is asked for the refunded part again, and can pay it.
    const again = await owner.agent.post('/api/create-payment-intent').send({ projectId: p.id }).expect(200);
    expect(again.body.amount).toBe(50.25);
    const after = (await admin.get('/api/dashboard').expect(200)).body;
    expect(after.revenue.amount).toBeCloseTo(before.revenue.amount + 200 - 50.25, 2);
    expect(after.pending.amount).toBeCloseTo(before.pending.amount + 50.25, 2);

    // The rest, by default: refunded in full.
    const rest = await admin.post(`/api/payments/${paymentId}/refunds`).send({ reason: 'Session cancelled' }).expect(201);
    expect(rest.body.amount).toBe(149.75);
    expect(await paymentRow(paymentId)).toMatchObject({ refundedAmount: 200, status: 'refunded' });
    const list = (await admin.get(`/api/payments/${paymentId}/refunds`).expect(200)).body;
    expect(list.map((r: { amount: number; reason: string }) => [r.amount, r.reason])).toEqual([
      [50.25, 'Two photos missing'],
      [149.75, 'Session cancelled'],
    ]);
    const again2 = await admin.post(`/api/payments/${paymentId}/refunds`).send({ reason: 'Once more' }).expect(400);
    expect(again2.body).toMatchObject({ message: 'This payment has already been refunded in full', code: 'PAYMENTS.ALREADY_REFUNDED' });

    // Filters, the CSV, the activity log and the integrators' payment.refunded.
    const refunded = await admin
      .get('/api/payments')
      .query({ filter: JSON.stringify({ q: p.name, status: 'refunded' }) })
      .expect(200);
    expect(refunded.body.map((r: { id: number }) => r.id)).toEqual([paymentId]);
    const completed = await admin
      .get('/api/payments')
      .query({ filter: JSON.stringify({ q: p.name, status: 'completed' }) })
      .expect(200);
    expect(completed.body).toEqual([]);
    const summary = await admin
      .get('/api/payments/summary')
      .query({ filter: JSON.stringify({ q: p.name }) })
      .expect(200);
    expect(summary.body).toEqual({ total: 0, count: 1 });
    const csv = await admin
      .get('/api/payments/export.csv')
      .query({ filter: JSON.stringify({ q: p.name }) })
      .expect(200);
    expect(csv.text).toContain('ID,Date,Project,Client,Amount (USD),Refunded (USD),Payment Method,Status,Note');
    expect(csv.text).toContain(`${p.name},${owner.username},200.00,200.00,Stripe,refunded`);
    const audit = (
      await admin
        .get('/api/audit-events')
        .query({ filter: JSON.stringify({ action: 'payment.refunded' }) })
        .expect(200)
    ).body;
    expect(
      audit.some(
        (e: { summary: string }) => e.summary.includes('Refunded $50.25 of payment') && e.summary.includes('"Two photos missing"'),
      ),
    ).toBe(true);
    const hooks = await eventually(async () => {
      const got = receiver
        .at(path)
        .map((r) => JSON.parse(r.body) as { type: string; data: { id: number; status: string; refundedAmount: number } });
      expect(got).toHaveLength(2);
      return got;
    });
    expect(hooks.map((h) => [h.type, h.data.id, h.data.status, h.data.refundedAmount])).toEqual(
      expect.arrayContaining([
        ['payment.refunded', paymentId, 'partially_refunded', 50.25],
        ['payment.refunded', paymentId, 'refunded', 200],
      ]),
    );
  });

  it('records a manual refund of a manual payment', async () => {
    const p = await project('80');
    await admin.patch(`/api/projects/${p.id}/mark-paid`).send({}).expect(200);
    const [{ id: paymentId }] = await t.db.query(`SELECT id FROM payments WHERE project_id = $1`, [p.id]);
    const res = await admin
      .post(`/api/payments/${paymentId}/refunds`)
      .send({ amount: 80, reason: 'Paid twice by bank transfer' })
      .expect(201);
    expect(res.body).toMatchObject({ paymentId, amount: 80, status: 'succeeded', providerRefundId: null });
    expect(await paymentRow(paymentId)).toMatchObject({ method: 'Manual', refundedAmount: 80, status: 'refunded' });
    expect((await projectOf(p.id)).isPaid).toBe(false);
  });

  it('refuses bad amounts and reasons, pending and failed payments, unknown ids and non-admins, recording nothing', async () => {
    const p = await project('100');
    const { paymentId } = await payByCard(p.id);
    const refuse = async (body: object, message: string | RegExp, code?: string) => {
      const res = await admin.post(`/api/payments/${paymentId}/refunds`).send(body).expect(400);
      expect(res.body.message).toEqual(message instanceof RegExp ? expect.stringMatching(message) : message);
      if (code) expect(res.body.code).toBe(code);
      return res;
    };
    await refuse({ amount: 0, reason: 'x' }, 'Refund amount must be more than 0', 'PAYMENTS.BAD_REFUND_AMOUNT');
    await refuse({ amount: -5, reason: 'x' }, 'Amount must be 0 or more');
    await refuse({ amount: '12.345', reason: 'x' }, 'Amount must be an amount in dollars with at most 2 decimals');
    await refuse({ amount: 'ten', reason: 'x' }, 'Amount must be an amount in dollars with at most 2 decimals');
    const above = await refuse({ amount: 100.01, reason: 'x' }, 'The refund cannot be more than the $100.00 still refundable');
    expect(above.body).toMatchObject({ code: 'PAYMENTS.REFUND_ABOVE_REFUNDABLE', errors: { amount: expect.any(String) } });
    await refuse({ amount: 10 }, 'Reason is required');
    await refuse({ amount: 10, reason: '   ' }, 'Reason is required');
    await refuse({ amount: 10, reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters');
    expect(await refundCount(paymentId)).toBe(0);
    expect(await paymentRow(paymentId)).toMatchObject({ refundedAmount: 0, status: 'completed' });

    for (const status of ['pending', 'failed']) {
      const q = await project('30');
      const [row] = await t.db.query(
        `INSERT INTO payments (project_id, client_id, amount_cents, stripe_payment_id, status) VALUES ($1, $2, 3000, $3, $4) RETURNING id`,
        [q.id, owner.id, `pi_${status}_${tag}`, status],
      );
      const res = await admin.post(`/api/payments/${row.id}/refunds`).send({ reason: 'x' }).expect(400);
      expect(res.body).toMatchObject({
        message: `Only a completed payment can be refunded; this one is ${status}`,
        code: 'PAYMENTS.NOT_REFUNDABLE',
      });
      expect(await refundCount(row.id)).toBe(0);
    }
    const unknown = await admin.post('/api/payments/2147483647/refunds').send({ reason: 'x' }).expect(404);
    expect(unknown.body).toMatchObject({ message: 'Payment not found', code: 'PAYMENTS.NOT_FOUND' });
    await admin.get('/api/payments/2147483647/refunds').expect(404);
    await admin.post('/api/payments/abc/refunds').send({ reason: 'x' }).expect(400);
    await owner.agent.post(`/api/payments/${paymentId}/refunds`).send({ reason: 'x' }).expect(403);
    await owner.agent.get(`/api/payments/${paymentId}/refunds`).expect(403);
    await t.http().post(`/api/payments/${paymentId}/refunds`).send({ reason: 'x' }).expect(401);
    expect(await refundCount(paymentId)).toBe(0);
  });

  it('reports a refund the card provider fails (the emulator’s pm_card_refundFail) and records nothing', async () => {
    const p = await project('45');
    const { paymentId } = await payByCard(p.id, 'pm_card_refundFail');
    const res = await admin.post(`/api/payments/${paymentId}/refunds`).send({ amount: 10, reason: 'Goodwill' }).expect(400);
    expect(res.body).toMatchObject({
      message: 'The card provider could not refund this payment (expired or canceled card). Nothing was refunded.',
      code: 'PAYMENTS.REFUND_FAILED',
    });
    expect(await refundCount(paymentId)).toBe(0);
    expect((await projectOf(p.id)).isPaid).toBe(true);
  });

  it('refunds at most the payment when 10 refunds of it run at once', async () => {
    const p = await project('50');
    const { paymentId, intentId } = await payByCard(p.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => admin.post(`/api/payments/${paymentId}/refunds`).send({ amount: 10, reason: `Part ${i}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400))
      expect(a.body.code).toMatch(/PAYMENTS\.(ALREADY_REFUNDED|REFUND_ABOVE_REFUNDABLE)/);
    const [row] = await t.db.query(`SELECT refunded_cents FROM payments WHERE id = $1`, [paymentId]);
    expect(row.refunded_cents).toBe('5000');
    expect(await refundCount(paymentId)).toBe(5);
    const [gw] = await t.db.query(
      `SELECT sum(amount)::int AS cents FROM emulated_refunds WHERE payment_intent = $1 AND status = 'succeeded'`,
      [intentId],
    );
    expect(gw.cents).toBe(5000);

    // Ten refunds of all that is left: one refunds, nine are told it is done.
    const q = await project('70');
    const second = await payByCard(q.id);
    const whole = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/api/payments/${second.paymentId}/refunds`).send({ reason: 'All' })),
    );
    expect(whole.filter((a) => a.status === 201)).toHaveLength(1);
    expect(whole.filter((a) => a.status === 400)).toHaveLength(9);
    expect(await refundCount(second.paymentId)).toBe(1);
  });

  it("records a refund once when Stripe's charge.refunded races the back office, and records one made at the provider", async () => {
    const p = await project('90');
    const { paymentId, intentId } = await payByCard(p.id);
    // The webhook arrives while the back office's refund is being made (both for the same refund at the gateway).
    const [made, ...hooks] = await Promise.all([
      admin.post(`/api/payments/${paymentId}/refunds`).send({ amount: 30, reason: 'Race' }),
      chargeRefunded(intentId),
      chargeRefunded(intentId),
    ]);
    expect(made.status).toBe(201);
    for (const h of hooks) expect(h.status).toBe(200);
    // And once more after it committed.
    expect((await chargeRefunded(intentId).expect(200)).body.outcome).toBe('already recorded');
    expect(await refundCount(paymentId)).toBe(1);
    expect(await paymentRow(paymentId)).toMatchObject({ refundedAmount: 30, status: 'partially_refunded' });

    // A refund made in the provider's dashboard is recorded from the webhook, once.
    await t.db.query(
      `INSERT INTO emulated_refunds (id, payment_intent, amount, currency, status) VALUES ($1, $2, 2000, 'usd', 'succeeded')`,
      [`re_dashboard_${tag}`, intentId],
    );
    expect((await chargeRefunded(intentId).expect(200)).body.outcome).toBe('recorded');
    expect((await chargeRefunded(intentId).expect(200)).body.outcome).toBe('already recorded');
    const refunds = (await admin.get(`/api/payments/${paymentId}/refunds`).expect(200)).body;
    expect(refunds.map((r: { amount: number; reason: string }) => [r.amount, r.reason])).toEqual([
      [30, 'Race'],
      [20, 'Refunded at the card provider'],
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({ refundedAmount: 50 });
    // Events for payments this portal does not know are acknowledged and ignored.
    expect((await chargeRefunded('pi_unknown_to_us').expect(200)).body.outcome).toBe('ignored');
  });
});
