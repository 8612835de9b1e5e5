import { backfillBundlePayments } from '../../src/shared/database/migrations/1765800000000-bundle-payments';
import { pdfText } from '../support/pdf-text';
import { adminAgent, Agent, clientAgent, createTestApp, eventually, TestApp } from '../support/test-app';

/** A PDF answer, read whole as bytes. */
const binary = (res: unknown, cb: (err: Error | null, body: Buffer) => void) => {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('Credit-bundle purchases are payments (CONTRACT §11)', () => {
  let t: TestApp;
  let admin: Agent;
  let bundleId: number;
  const tag = `bndl${process.pid}`;
  const bundleName = `${tag} Ten`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    bundleId = (await admin.post('/api/credit-bundles').send({ name: bundleName, price: 90, creditAmount: 10 }).expect(201)).body.id;
  });
  afterAll(() => t.close());

  /** Buys the bundle by test card as the portal does; answers the provider's payment id. */
  async function buy(agent: Agent): Promise<string> {
    const intent = (await agent.post('/api/create-credit-payment-intent').send({ bundleId, amount: 90 }).expect(200)).body;
    await agent
      .post(`/api/payment-emulator/payment_intents/${intent.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    await agent.post('/api/purchase-credits').send({ bundleId, stripePaymentId: intent.paymentIntentId }).expect(200);
    return intent.paymentIntentId as string;
  }

  it('lists the purchase in Payment History with its bundle and no project, counts it in revenue, the CSV and the receipts', async () => {
    const before = (await admin.get('/api/dashboard').expect(200)).body;
    const c = await clientAgent(t, 'bundlebuyer');
    const intentId = await buy(c.agent);
    // Replays record nothing more.
    await c.agent.post('/api/purchase-credits').send({ bundleId, stripePaymentId: intentId }).expect(200);

    const history = await admin
      .get('/api/payments')
      .query({ filter: JSON.stringify({ q: bundleName }) })
      .expect(200);
    expect(history.body).toEqual([
      expect.objectContaining({
        projectId: null,
        projectName: null,
        bundleId,
        bundleName,
        clientId: c.id,
        clientName: c.username,
        amount: 90,
        method: 'Stripe',
        status: 'completed',
        stripePaymentId: intentId,
        receiptNumber: expect.stringMatching(/^R-\d{6}$/),
      }),
    ]);
    const payment = history.body[0];

    const after = (await admin.get('/api/dashboard').expect(200)).body;
    expect(after.revenue.amount).toBeCloseTo(before.revenue.amount + 90, 2);
    expect(after.revenue.count).toBe(before.revenue.count + 1);
    expect(after.recentActivity[0]).toMatchObject({
      type: 'payment',
      description: `Credit bundle: ${bundleName} — ${c.username}`,
      amount: 90,
    });

    const csv = await admin
      .get('/api/payments/export.csv')
      .query({ filter: JSON.stringify({ q: bundleName }) })
      .expect(200);
    expect(csv.text).toContain(`Credit bundle: ${bundleName},${c.username},90.00,0.00,Stripe,completed`);

    // The buyer sees it among their payments and gets the receipt, by e-mail too.
    const mine = (await c.agent.get('/api/my/payments').expect(200)).body;
    expect(mine).toEqual([expect.objectContaining({ id: payment.id, bundleId, bundleName, projectId: null, amount: 90 })]);
    const pdf = await c.agent.get(`/api/payments/${payment.id}/receipt.pdf`).buffer(true).parse(binary).expect(200);
    const text = pdfText(pdf.body as Buffer).join('\n');
    for (const shown of [payment.receiptNumber, `Credit bundle: ${bundleName} (10 credits)`, '$90.00', 'Card (Stripe)', c.username]) {
      expect(text).toContain(shown);
    }
    const mails = await eventually(async () => {
      const found = t.smtp.to(c.email).filter((m) => m.subject.startsWith('Your receipt'));
      if (!found.length) throw new Error('no receipt e-mail yet');
      return found;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(payment.receiptNumber);
  });

  it('the migration makes the purchases made before it payments, from the ledger and the intent that paid them', async () => {
    const c = await clientAgent(t, 'oldbuyer');
    // A purchase as it was recorded before purchases were payments: an intent and a ledger entry, no payment.
    const intentId = `pi_${tag}_before`;
    await t.db.query(
      `INSERT INTO card_payment_intents (id, purpose, project_id, bundle_id, credit_amount, user_id, amount_cents, currency)
       VALUES ($1, 'credits', NULL, $2, 10, $3, 8500, 'usd')`,
      [intentId, bundleId, c.id],
    );
    await t.db.query(
      `INSERT INTO credit_transactions (user_id, amount, type, bundle_id, description, stripe_payment_id, transaction_date)
       VALUES ($1, 10, 'purchase', $2, 'Credit bundle purchase', $3, '2026-01-05T10:00:00Z')`,
      [c.id, bundleId, intentId],
    );
    const counted = async () => (await t.db.query(`SELECT count(*)::int AS n FROM payments WHERE bundle_id IS NOT NULL`))[0].n as number;
    const before = await counted();
    // The migration's statement: the purchase becomes a payment; those that are payments already stay as they are.
    await backfillBundlePayments(t.db);
    expect(await counted()).toBe(before + 1);
    await backfillBundlePayments(t.db);
    expect(await counted()).toBe(before + 1);
    const [row] = await t.db.query(
      `SELECT project_id, bundle_id, client_id, amount_cents, status, payment_date, receipt_number FROM payments WHERE stripe_payment_id = $1`,
      [intentId],
    );
    expect(row).toMatchObject({ project_id: null, bundle_id: bundleId, client_id: c.id, amount_cents: '8500', status: 'completed' });
    expect(row.payment_date.toISOString()).toBe('2026-01-05T10:00:00.000Z');
    expect(row.receipt_number).toBeGreaterThan(0);
    // A payment pays for a project or a bundle, never both or neither.
    await expect(
      t.db.query(
        `INSERT INTO payments (project_id, bundle_id, client_id, amount_cents, status) VALUES (NULL, NULL, $1, 100, 'completed')`,
        [c.id],
      ),
    ).rejects.toThrow(/payments_pays_for_one/);
  });

  it('refunds a bundle purchase whole, taking its credits back, and refuses it while the client has spent them', async () => {
    const c = await clientAgent(t, 'bundlerefund');
    const intentId = await buy(c.agent);
    const [{ id: paymentId }] = await t.db.query(`SELECT id FROM payments WHERE stripe_payment_id = $1`, [intentId]);
    const balance = async () => (await admin.get(`/api/user-credits/${c.id}`).expect(200)).body.balance as number;
    const refunds = async () =>
      (await t.db.query(`SELECT count(*)::int AS n FROM payment_refunds WHERE payment_id = $1`, [paymentId]))[0].n;

    const partial = await admin.post(`/api/payments/${paymentId}/refunds`).send({ amount: 45, reason: 'Half' }).expect(400);
    expect(partial.body).toMatchObject({
      code: 'PAYMENTS.PARTIAL_BUNDLE_REFUND',
      message: 'A credit bundle purchase is refunded in full ($90.00), with its credits',
    });
    await admin.post('/api/credit-adjustments').send({ userId: c.id, amount: 3, type: 'remove' }).expect(201);
    const spent = await admin.post(`/api/payments/${paymentId}/refunds`).send({ reason: 'Changed their mind' }).expect(400);
    expect(spent.body).toMatchObject({
      code: 'CREDITS.BALANCE_BELOW_REFUND',
      message: 'The client has 7 credits left, fewer than the 10 credits this purchase gave: it cannot be refunded',
    });
    expect(await refunds()).toBe(0);
    expect(await balance()).toBe(7);
    expect(await t.db.query(`SELECT 1 FROM emulated_refunds WHERE payment_intent = $1`, [intentId])).toHaveLength(0);

    await admin.post('/api/credit-adjustments').send({ userId: c.id, amount: 5, type: 'add' }).expect(201);
    const ok = await admin.post(`/api/payments/${paymentId}/refunds`).send({ reason: 'Changed their mind' }).expect(201);
    expect(ok.body).toMatchObject({ paymentId, amount: 90, status: 'succeeded' });
    expect(await balance()).toBe(2);
    const ledger = await t.db.query(`SELECT type, amount, bundle_id FROM credit_transactions WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [
      c.id,
    ]);
    expect(ledger).toEqual([{ type: 'refund', amount: 10, bundle_id: bundleId }]);
    const [sum] = await t.db.query(
      `SELECT sum(CASE WHEN type IN ('purchase', 'adjustment-add') THEN amount ELSE -amount END)::int AS s FROM credit_transactions WHERE user_id = $1`,
      [c.id],
    );
    expect(sum.s).toBe(2);
    const row = (await c.agent.get('/api/my/payments').expect(200)).body.find((p: { id: number }) => p.id === paymentId);
    expect(row).toMatchObject({ status: 'refunded', refundedAmount: 90 });
  });
});
