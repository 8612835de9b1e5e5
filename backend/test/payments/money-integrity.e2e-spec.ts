import fc from 'fast-check';
import { adminAgent, Agent, clientAgent, createTestApp, TestApp } from '../support/test-app';

/**
 * Issue 19, money integrity: random sequences of card payments, manual payments, refunds (card, manual
 * and bundle), credit redemptions, bundle purchases and credit adjustments, through the API against the
 * real database. After every step, for every project of the sequence: what it paid equals its completed
 * payments less their refunds, read from the raw tables (and the API says the same), never negative, and
 * paid + the value of its services paid with credits decides `isPaid` and the unpaid remainder; for the
 * client: the balance equals the sum of the ledger and the test's own count, never negative. Every
 * refund is accepted exactly when the test's own model says it may be (above 0, not above the rest, a
 * bundle whole and only while its credits are there).
 *
 * MONEY_RUNS=<n> changes the number of sequences (40 by default, a run of about 20 s).
 */

const RUNS = Number(process.env.MONEY_RUNS ?? '40');
const BUNDLE = { price: 30, credits: 3 };

type Op =
  | { kind: 'payCard'; project: number }
  | { kind: 'markPaid'; project: number }
  | { kind: 'refund'; payment: number; cents: number | null }
  | { kind: 'redeem'; project: number }
  | { kind: 'buyBundle' }
  | { kind: 'adjust'; type: 'add' | 'remove'; amount: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('payCard' as const), project: fc.nat(1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('markPaid' as const), project: fc.nat(1) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      payment: fc.nat(5),
      // null: the refundable rest; otherwise a number of cents, sometimes 0 or above any payment
      cents: fc.option(fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.constantFrom(1, 2_500, 5_000, 15_000)), { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('redeem' as const), project: fc.nat(1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('buyBundle' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      type: fc.constantFrom('add' as const, 'remove' as const),
      amount: fc.integer({ min: 1, max: 6 }),
    }),
  },
);

interface ModelPayment {
  id: number;
  cents: number;
  refunded: number;
  /** the credits a bundle purchase gave; null for a project's payment */
  credits: number | null;
}

describe('Money integrity under random sequences (issue 19)', () => {
  let t: TestApp;
  let admin: Agent;
  let services: { eligible: number; plain: number };
  let bundleId: number;
  const stats = { sequences: 0, steps: 0, refundsAccepted: 0, refundsRefused: 0, cardPayments: 0, redemptions: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    const tag = `mi${process.pid}`;
    services = {
      eligible: (
        await admin
          .post('/api/services')
          .send({ name: `${tag} Aerial`, price: 50, creditEligible: true, creditCost: 2 })
          .expect(201)
      ).body.id,
      plain: (
        await admin
          .post('/api/services')
          .send({ name: `${tag} Floor plan`, price: 100 })
          .expect(201)
      ).body.id,
    };
    bundleId = (
      await admin
        .post('/api/credit-bundles')
        .send({ name: `${tag} Three`, price: BUNDLE.price, creditAmount: BUNDLE.credits })
        .expect(201)
    ).body.id;
  });
  afterAll(async () => {
    console.log(`money integrity: ${JSON.stringify(stats)}`);
    await t.close();
  });

  /** The invariants, from the raw tables and the API. */
  async function check(client: { id: number; agent: Agent }, projectIds: number[], model: { balance: number; payments: ModelPayment[] }) {
    for (const id of projectIds) {
      const [raw] = await t.db.query(
        `SELECT p.price_cents::int AS price, p.is_paid,
                (SELECT coalesce(sum(pay.amount_cents), 0)::int FROM payments pay WHERE pay.project_id = p.id AND pay.status = 'completed') AS paid,
                (SELECT coalesce(sum(r.amount_cents), 0)::int FROM payment_refunds r JOIN payments pay ON pay.id = r.payment_id
                  WHERE pay.project_id = p.id AND pay.status = 'completed' AND r.status <> 'failed') AS refunded,
                (SELECT coalesce(sum(ps.unit_price_cents * ps.quantity), 0)::int FROM project_service_payments psp
                   JOIN project_services ps ON ps.project_id = psp.project_id AND ps.service_id = psp.service_id
                  WHERE psp.project_id = p.id AND psp.paid_with_credits) AS credit_covered
           FROM projects p WHERE p.id = $1`,
        [id],
      );
      const net = raw.paid - raw.refunded;
      expect(net).toBeGreaterThanOrEqual(0);
      const shown = (await admin.get(`/api/projects/${id}`).expect(200)).body;
      expect(Math.round(shown.amountPaid * 100)).toBe(net);
      const owed = Math.max(0, raw.price - net - raw.credit_covered);
      expect(raw.is_paid).toBe(owed === 0);
      expect(Math.round(shown.unpaidAmount * 100)).toBe(raw.is_paid ? 0 : owed);
    }
    // Each payment's refunded total is the sum of its refunds, never above it; and as the model counted.
    const rows: Array<{ id: number; amount: number; refunded: number; sum: number }> = await t.db.query(
      `SELECT pay.id, pay.amount_cents::int AS amount, pay.refunded_cents::int AS refunded,
              (SELECT coalesce(sum(r.amount_cents), 0)::int FROM payment_refunds r WHERE r.payment_id = pay.id AND r.status <> 'failed') AS sum
         FROM payments pay WHERE pay.client_id = $1`,
      [client.id],
    );
    for (const r of rows) {
      expect(r.refunded).toBe(r.sum);
      expect(r.refunded).toBeLessThanOrEqual(r.amount);
      expect(r.refunded).toBe(model.payments.find((m) => m.id === r.id)?.refunded ?? 0);
    }
    const [ledger] = await t.db.query(
      `SELECT coalesce(sum(CASE WHEN type IN ('purchase', 'adjustment-add') THEN amount ELSE -amount END), 0)::int AS sum
         FROM credit_transactions WHERE user_id = $1`,
      [client.id],
    );
    const balance = (await admin.get(`/api/user-credits/${client.id}`).expect(200)).body.balance as number;
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(ledger.sum);
    expect(balance).toBe(model.balance);
  }

  it(`keeps paid = payments − refunds + credits and balance = ledger over ${RUNS} random sequences`, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 10 }), async (ops) => {
        stats.sequences++;
        const client = await clientAgent(t, `mi${++n}`);
        const projectIds: number[] = [];
        for (let i = 0; i < 2; i++) {
          const lines = [
            { serviceId: services.eligible, quantity: 1 },
            { serviceId: services.plain, quantity: 1 },
          ];
          projectIds.push(
            (
              await admin
                .post('/api/projects')
                .send({ name: `Money ${n}-${i}`, clientId: client.id, selectedServices: lines })
                .expect(201)
            ).body.id,
          );
        }
        const model = { balance: 0, payments: [] as ModelPayment[] };
        /** Payments of the client the model has not seen yet (just recorded by a step). */
        const learnPayments = async () => {
          const rows: Array<{ id: number; amount: number; bundle_id: number | null }> = await t.db.query(
            `SELECT id, amount_cents::int AS amount, bundle_id FROM payments WHERE client_id = $1 AND status = 'completed' ORDER BY id`,
            [client.id],
          );
          for (const r of rows) {
            if (!model.payments.some((m) => m.id === r.id)) {
              model.payments.push({ id: r.id, cents: r.amount, refunded: 0, credits: r.bundle_id === null ? null : BUNDLE.credits });
            }
          }
        };

        for (const step of ops) {
          stats.steps++;
          if (step.kind === 'payCard') {
            const project = projectIds[step.project];
            const intent = await client.agent.post('/api/create-payment-intent').send({ projectId: project });
            expect([200, 400]).toContain(intent.status);
            if (intent.status === 200) {
              const id = intent.body.paymentIntentId as string;
              await client.agent
                .post(`/api/payment-emulator/payment_intents/${id}/confirm`)
                .send({ payment_method: 'pm_card_visa' })
                .expect(200);
              await client.agent.post('/api/confirm-payment').send({ projectId: project, paymentIntentId: id }).expect(200);
              stats.cardPayments++;
            } else expect(intent.body.code).toBe('PAYMENTS.NOTHING_DUE');
          } else if (step.kind === 'markPaid') {
            const res = await admin.patch(`/api/projects/${projectIds[step.project]}/mark-paid`).send({});
            expect([200, 409]).toContain(res.status);
          } else if (step.kind === 'refund') {
            if (model.payments.length === 0) continue;
            const target = model.payments[step.payment % model.payments.length];
            const rest = target.cents - target.refunded;
            const amount = step.cents ?? rest;
            let allowed = rest > 0 && amount > 0 && amount <= rest;
            if (target.credits !== null) allowed = allowed && amount === rest && model.balance >= target.credits;
            const res = await admin
              .post(`/api/payments/${target.id}/refunds`)
              .send({ reason: 'Property test', ...(step.cents === null ? {} : { amount: (step.cents / 100).toFixed(2) }) });
            expect({ status: res.status, body: res.body, allowed }).toMatchObject({ status: allowed ? 201 : 400 });
            if (allowed) {
              expect(Math.round(res.body.amount * 100)).toBe(amount);
              target.refunded += amount;
              if (target.credits !== null) model.balance -= target.credits;
              stats.refundsAccepted++;
            } else stats.refundsRefused++;
          } else if (step.kind === 'redeem') {
            const res = await client.agent.post('/api/redeem-credits').send({ projectId: projectIds[step.project] });
            expect([200, 400]).toContain(res.status);
            if (res.status === 200) {
              model.balance -= 2;
              stats.redemptions++;
            }
          } else if (step.kind === 'buyBundle') {
            const intent = (
              await client.agent.post('/api/create-credit-payment-intent').send({ bundleId, amount: BUNDLE.price }).expect(200)
            ).body;
            await client.agent
              .post(`/api/payment-emulator/payment_intents/${intent.paymentIntentId}/confirm`)
              .send({ payment_method: 'pm_card_visa' })
              .expect(200);
            await client.agent.post('/api/purchase-credits').send({ bundleId, stripePaymentId: intent.paymentIntentId }).expect(200);
            model.balance += BUNDLE.credits;
          } else {
            const res = await admin.post('/api/credit-adjustments').send({ userId: client.id, amount: step.amount, type: step.type });
            const allowed = step.type === 'add' || step.amount <= model.balance;
            expect(res.status).toBe(allowed ? 201 : 400);
            if (allowed) model.balance += step.type === 'add' ? step.amount : -step.amount;
          }
          await learnPayments();
          await check(client, projectIds, model);
        }
      }),
      { numRuns: RUNS },
    );
    expect(stats.sequences).toBeGreaterThanOrEqual(RUNS);
  }, 600_000);
});
