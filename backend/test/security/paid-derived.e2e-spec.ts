import sharp from 'sharp';
import { Billing } from '../../src/modules/billing';
import { Invoice, type InvoiceLine, type Posting } from '../../src/modules/billing/domain/invoice';
import { rateMilli } from '../../src/modules/billing/infrastructure/persistence/invoice.typeorm-repository';
import { PaymentLedger } from '../../src/modules/payments';
import { Money } from '../../src/shared/domain/money';
import { TransactionHost } from '../../src/shared/transaction/transaction-host';
import { adminAgent, Agent, clientAgent, createTestApp, eventually, TestApp } from '../support/test-app';

/**
 * CONTRACT §12 (issue: "Free originals") and §14, decision 0045: a project is paid exactly when nothing is
 * owed on it, and billing decides what is owed: the project's invoice (the Invoice aggregate) from its
 * lines, credits, posted payments and refunds. `projects.is_paid` is a cache of the invoice's answer for
 * the lists; after every step it must equal (invoice due = 0), and the invoice's stored figures must be
 * what a fresh Invoice computation derives from its rows. (Decision 0038's database function
 * `project_owed_cents` and its triggers are gone: payments count once the application posts them.)
 */
describe('Billing decides paid: a project is paid exactly when its invoice owes nothing (CONTRACT §12, §14)', () => {
  let t: TestApp;
  let admin: Agent;
  let owner: Awaited<ReturnType<typeof clientAgent>>;
  let wedding: number;
  let album: number;
  const tag = `owed${process.pid}`;

  beforeAll(async () => {
    t = await createTestApp({ OUTBOX_POLL_MS: '100' });
    admin = await adminAgent(t);
    owner = await clientAgent(t, 'owedowner');
    wedding = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Wedding`, price: 900 })
        .expect(201)
    ).body.id;
    album = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Album`, price: 100, creditEligible: true, creditCost: 3 })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>) =>
    (
      await admin
        .post('/api/projects')
        .send({ name: `${tag} ${Math.random().toString(36).slice(2, 7)}`, clientId: owner.id, ...body })
        .expect(201)
    ).body as { id: number; name: string };
  const edit = (id: number, name: string, selectedServices: Array<{ serviceId: number; quantity: number }>, extra = {}) =>
    admin.put(`/api/projects/${id}`).send({ name, clientId: owner.id, price: 0, selectedServices, ...extra });
  const mine = async (id: number) => (await owner.agent.get(`/api/projects/${id}`).expect(200)).body;

  /** The project's invoice restored from its rows (facts only: lines, schedule, postings), and the rows as stored. */
  async function stored(projectId: number) {
    const [row] = await t.db.query(
      `SELECT id, project_id, client_id, number, issued_at, sent_at, voided_at, currency, discount_kind, discount_value, tax_name,
              tax_rate::text AS tax_rate, tax_inclusive, status, subtotal_cents, discount_cents, tax_cents, total_cents, credits_cents,
              payments_cents, refunded_cents, paid_cents, due_cents, to_char(next_due_date, 'YYYY-MM-DD') AS next_due_date, next_due_cents
         FROM invoices WHERE project_id = $1`,
      [projectId],
    );
    expect(row).toBeDefined(); // every project has its invoice
    const lines = await t.db.query(
      `SELECT description, quantity, unit_price_cents, source, service_id, paid_with_credits FROM invoice_lines WHERE invoice_id = $1 ORDER BY position`,
      [row.id],
    );
    const installments = await t.db.query(
      `SELECT id, label, amount_cents, to_char(due_date, 'YYYY-MM-DD') AS due_date, paid_cents FROM invoice_installments WHERE invoice_id = $1 ORDER BY position`,
      [row.id],
    );
    const postings = await t.db.query(
      `SELECT id, kind, amount_cents, payment_id, refund_id, method, posted_at FROM invoice_postings WHERE invoice_id = $1 ORDER BY id`,
      [row.id],
    );
    const invoice = Invoice.restore({
      id: row.id,
      projectId: row.project_id,
      clientId: row.client_id,
      number: row.number,
      issuedAt: row.issued_at,
      sentAt: row.sent_at,
      voidedAt: row.voided_at,
      currency: row.currency,
      discount: row.discount_kind ? { kind: row.discount_kind, value: Number(row.discount_value) } : null,
      tax: { name: row.tax_name, rateMilli: rateMilli(row.tax_rate), inclusive: row.tax_inclusive },
      lines: lines.map((l: Record<string, never>): InvoiceLine => ({
        description: l.description,
        quantity: l.quantity,
        unitPriceCents: Number(l.unit_price_cents),
        source: l.source,
        serviceId: l.service_id,
        paidWithCredits: l.paid_with_credits,
      })),
      schedule: installments.map((k: Record<string, never>) => ({
        id: k.id,
        label: k.label,
        amountCents: Number(k.amount_cents),
        dueDate: k.due_date,
      })),
      postings: postings.map((x: Record<string, never>): Posting => ({
        id: x.id,
        kind: x.kind,
        amountCents: Number(x.amount_cents),
        paymentId: x.payment_id,
        refundId: x.refund_id,
        method: x.method,
        postedAt: x.posted_at,
      })),
    });
    return { row, invoice, installments: installments as Array<{ paid_cents: string }> };
  }

  /**
   * The cache and billing agree, for every project made through the app (this file's; other files on the
   * worker's database write projects straight into the table for their lists): `is_paid` = (its invoice's due
   * = 0). And the invoices of the projects given store exactly what a fresh Invoice computation derives.
   */
  async function inStep(...projectIds: number[]) {
    const drift = await t.db.query(
      `SELECT p.id, p.is_paid, i.due_cents FROM projects p LEFT JOIN invoices i ON i.project_id = p.id
        WHERE p.name LIKE $1 AND (i.id IS NULL OR p.is_paid <> (i.due_cents = 0))`,
      [`${tag}%`],
    );
    expect(drift).toEqual([]);
    const today = await t.app.get(Billing).today();
    for (const id of projectIds) {
      const { row, invoice, installments } = await stored(id);
      const tt = invoice.totals;
      expect({
        status: row.status,
        subtotal: Number(row.subtotal_cents),
        discount: Number(row.discount_cents),
        tax: Number(row.tax_cents),
        total: Number(row.total_cents),
        credits: Number(row.credits_cents),
        payments: Number(row.payments_cents),
        refunded: Number(row.refunded_cents),
        paid: Number(row.paid_cents),
        due: Number(row.due_cents),
      }).toEqual({ status: invoice.status, ...tt });
      expect(installments.map((k) => Number(k.paid_cents))).toEqual(invoice.installments(today).map((k) => k.paidCents));
      const next = invoice.nextInstallment(today);
      expect([row.next_due_date, Number(row.next_due_cents)]).toEqual([next?.dueDate ?? null, next?.remainingCents ?? 0]);
      const [{ is_paid: isPaid }] = await t.db.query(`SELECT is_paid FROM projects WHERE id = $1`, [id]);
      expect(isPaid).toBe(invoice.isPaid);
      expect((await mine(id)).isPaid).toBe(invoice.isPaid);
    }
  }
  async function payByCard(projectId: number, part?: string) {
    const intent = await owner.agent
      .post('/api/create-payment-intent')
      .send({ projectId, ...(part ? { part } : {}) })
      .expect(200);
    const intentId = intent.body.paymentIntentId as string;
    await owner.agent
      .post(`/api/payment-emulator/payment_intents/${intentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    await owner.agent.post('/api/confirm-payment').send({ projectId, paymentIntentId: intentId }).expect(200);
    const [row] = await t.db.query(`SELECT id FROM payments WHERE stripe_payment_id = $1`, [intentId]);
    return row.id as number;
  }

  it('a $0 project the client "marks paid" owes $900 once the studio adds a $900 service: unpaid, payable, originals closed', async () => {
    const p = await create({ price: 0, selectedServices: [] });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    await admin.post(`/api/projects/${p.id}/photos`).attach('file', photo, 'first.jpg').expect(201);
    await eventually(async () => {
      const photos = (await owner.agent.get(`/api/projects/${p.id}/photos`).expect(200)).body;
      expect(photos).toHaveLength(1);
    }, 30_000);

    // Nothing is owed on it: the client's all-credits route confirms it.
    const confirmed = await owner.agent.post(`/api/mark-project-as-paid/${p.id}`).expect(200);
    expect(confirmed.body).toMatchObject({ id: p.id, isPaid: true, unpaidAmount: 0 });

    const edited = await edit(p.id, p.name, [{ serviceId: wedding, quantity: 1 }]).expect(200);
    expect(edited.body).toMatchObject({ price: 900, isPaid: false, unpaidAmount: 900 });
    expect(await mine(p.id)).toMatchObject({ isPaid: false, unpaidAmount: 900, amountPaid: 0 });
    expect((await owner.agent.get(`/api/project-remaining-balance/${p.id}`).expect(200)).body).toMatchObject({ unpaidAmount: 900 });
    await inStep(p.id);

    // The originals are closed again until it is paid.
    const zip = await owner.agent.get(`/api/projects/${p.id}/photos.zip`).expect(403);
    expect(zip.body).toMatchObject({ code: 'GALLERY.UNPAID' });
    const [listed] = (await owner.agent.get(`/api/projects/${p.id}/photos`).expect(200)).body;
    expect(listed.downloadUrl).toBeNull();
    expect(listed.previewUrl).toContain('preview-marked.jpg');
    // The all-credits route no longer says paid: it refuses while something is owed.
    const refused = await owner.agent.post(`/api/mark-project-as-paid/${p.id}`).expect(400);
    expect(refused.body.message).toBe('This project still has $900.00 to pay');
    expect((await mine(p.id)).isPaid).toBe(false);
    const listedUnpaid = await admin
      .get('/api/projects')
      .query({ filter: JSON.stringify({ q: p.name, isPaid: false }) })
      .expect(200);
    expect(listedUnpaid.body.map((x: { id: number }) => x.id)).toEqual([p.id]);

    // The client can pay it, and paying it makes it paid again.
    const intent = await owner.agent.post('/api/create-payment-intent').send({ projectId: p.id }).expect(200);
    expect(intent.body.amount).toBe(900);
    await payByCard(p.id);
    expect(await mine(p.id)).toMatchObject({ isPaid: true, unpaidAmount: 0, amountPaid: 900 });
    await owner.agent.get(`/api/projects/${p.id}/photos.zip`).expect(200);
    await inStep(p.id);
  });

  it('a paid project that gains a service owes the difference; the admin mark-paid records exactly that', async () => {
    const p = await create({ selectedServices: [{ serviceId: album, quantity: 1 }] });
    await payByCard(p.id);
    expect((await mine(p.id)).isPaid).toBe(true);
    const edited = await edit(p.id, p.name, [
      { serviceId: album, quantity: 1 },
      { serviceId: wedding, quantity: 1 },
    ]).expect(200);
    expect(edited.body).toMatchObject({ price: 1000, isPaid: false, unpaidAmount: 900, amountPaid: 100 });
    await inStep(p.id);

    const marked = await admin.patch(`/api/projects/${p.id}/mark-paid`).send({ note: 'Cash at the door' }).expect(200);
    expect(marked.body).toMatchObject({ isPaid: true, unpaidAmount: 0, amountPaid: 1000 });
    const manual = await t.db.query(`SELECT amount_cents FROM payments WHERE project_id = $1 AND stripe_payment_id IS NULL`, [p.id]);
    expect(manual).toEqual([{ amount_cents: '90000' }]);
    // Owing nothing, mark-paid changes nothing.
    await admin.patch(`/api/projects/${p.id}/mark-paid`).send({}).expect(409);
    const count = await t.db.query(`SELECT count(*)::int AS n FROM payments WHERE project_id = $1`, [p.id]);
    expect(count[0].n).toBe(2);
    await inStep(p.id);
  });

  it('a paid project edited with isPaid: true sent back (as the form does) still owes the service it gains', async () => {
    const p = await create({ selectedServices: [{ serviceId: album, quantity: 1 }] });
    await payByCard(p.id);
    const edited = await edit(p.id, p.name, [{ serviceId: album, quantity: 2 }], { isPaid: true }).expect(200);
    expect(edited.body).toMatchObject({ price: 200, isPaid: false, unpaidAmount: 100, amountPaid: 100 });
    const manual = await t.db.query(`SELECT count(*)::int AS n FROM payments WHERE project_id = $1 AND stripe_payment_id IS NULL`, [p.id]);
    expect(manual[0].n).toBe(0);
    // ticked on the unpaid project: 'Mark as Already Paid' records what it owes as edited
    const ticked = await edit(p.id, p.name, [{ serviceId: album, quantity: 3 }], { isPaid: true }).expect(200);
    expect(ticked.body).toMatchObject({ price: 300, isPaid: true, unpaidAmount: 0, amountPaid: 300 });
    const recorded = await t.db.query(`SELECT amount_cents FROM payments WHERE project_id = $1 AND stripe_payment_id IS NULL`, [p.id]);
    expect(recorded).toEqual([{ amount_cents: '20000' }]);
    await inStep(p.id);
  });

  it('a refund that brings what was paid under the price makes it unpaid; a full refund too', async () => {
    const p = await create({ selectedServices: [{ serviceId: wedding, quantity: 1 }] });
    const paymentId = await payByCard(p.id);
    expect((await mine(p.id)).isPaid).toBe(true);
    await admin.post(`/api/payments/${paymentId}/refunds`).send({ amount: 50, reason: 'Late delivery' }).expect(201);
    expect(await mine(p.id)).toMatchObject({ isPaid: false, unpaidAmount: 50 });
    await owner.agent.get(`/api/projects/${p.id}/photos.zip`).expect(403);
    await inStep(p.id);
    await admin.post(`/api/payments/${paymentId}/refunds`).send({ reason: 'Cancelled' }).expect(201);
    expect(await mine(p.id)).toMatchObject({ isPaid: false, unpaidAmount: 900, amountPaid: 0 });
    await inStep(p.id);
  });

  it('services paid with credits count as covered; a deposit alone leaves it unpaid', async () => {
    await admin.post('/api/credit-adjustments').send({ userId: owner.id, amount: 10, type: 'add' }).expect(201);
    const credited = await create({ selectedServices: [{ serviceId: album, quantity: 2 }] });
    const res = await owner.agent.post('/api/redeem-credits').send({ projectId: credited.id }).expect(200);
    expect(res.body).toMatchObject({ remainingBalance: 0 });
    expect(await mine(credited.id)).toMatchObject({ isPaid: true, unpaidAmount: 0 });
    // …until the studio adds a service paid in money
    const more = await edit(credited.id, credited.name, [
      { serviceId: album, quantity: 2 },
      { serviceId: wedding, quantity: 1 },
    ]).expect(200);
    expect(more.body).toMatchObject({ price: 1100, isPaid: false, unpaidAmount: 900 });
    await inStep(credited.id);

    const deposit = await create({ selectedServices: [{ serviceId: wedding, quantity: 1 }], depositAmount: 300 });
    await payByCard(deposit.id, 'deposit');
    expect(await mine(deposit.id)).toMatchObject({ isPaid: false, unpaidAmount: 600, amountPaid: 300 });
    await inStep(deposit.id);
    await owner.agent.post(`/api/mark-project-as-paid/${deposit.id}`).expect(400);
    await payByCard(deposit.id);
    expect((await mine(deposit.id)).isPaid).toBe(true);
    await inStep(credited.id, deposit.id);
  });

  it('after every step through the app, is_paid equals (invoice due = 0) and the invoice stores what Invoice computes', async () => {
    // Replaces decision 0038's "writes that bypass the application keep the flag in step": billing owns what is
    // owed (decision 0045), so every change goes through the app, and each one leaves the cache and billing's
    // stored figures in step. A payment row written behind the application is not posted and counts for nothing.
    const p = await create({ selectedServices: [{ serviceId: wedding, quantity: 1 }] });
    await inStep(p.id);
    const { invoiceId } = await mine(p.id);
    const schedule = await admin
      .put(`/api/invoices/${invoiceId}/schedule`)
      .send([
        { label: 'Deposit', amount: 300, dueDate: '2030-01-01' },
        { label: 'Balance', amount: 600, dueDate: '2030-02-01' },
      ])
      .expect(200);
    expect(schedule.body).toMatchObject({ total: 900, due: 900, status: 'open' });
    await inStep(p.id);
    const first = await payByCard(p.id);
    expect(await mine(p.id)).toMatchObject({ isPaid: false, unpaidAmount: 600, amountPaid: 300, depositDue: null });
    await inStep(p.id);
    // the studio adds a custom line and a discount on the invoice
    const patched = await admin
      .patch(`/api/invoices/${invoiceId}`)
      .send({ customLines: [{ description: 'Travel', quantity: 2, unitPrice: 25 }], discount: { kind: 'percent', value: 10 } })
      .expect(200);
    expect(patched.body).toMatchObject({ subtotal: 950, discount: 95, total: 855, paid: 300, due: 555 });
    await inStep(p.id);
    // a payment row written with SQL is not posted to the invoice: nothing is paid by it
    await t.db.query(
      `INSERT INTO payments (project_id, client_id, amount_cents, payment_date, status, note) VALUES ($1, $2, 55500, now(), 'completed', 'behind the app')`,
      [p.id, owner.id],
    );
    expect(await mine(p.id)).toMatchObject({ isPaid: false, unpaidAmount: 555 });
    await inStep(p.id);
    // the admin records what is owed; then refunds part of the card payment; then the project gains a service
    expect((await admin.patch(`/api/projects/${p.id}/mark-paid`).send({}).expect(200)).body).toMatchObject({
      isPaid: true,
      unpaidAmount: 0,
    });
    await inStep(p.id);
    await admin.post(`/api/payments/${first}/refunds`).send({ amount: 100, reason: 'Goodwill' }).expect(201);
    expect(await mine(p.id)).toMatchObject({ isPaid: false, unpaidAmount: 100 });
    await inStep(p.id);
    await edit(p.id, (await mine(p.id)).name, [{ serviceId: wedding, quantity: 2 }]).expect(200);
    expect(await mine(p.id)).toMatchObject({ isPaid: false });
    await inStep(p.id);
    await payByCard(p.id, 'balance');
    expect(await mine(p.id)).toMatchObject({ isPaid: true, unpaidAmount: 0 });
    await inStep(p.id);
  });

  it('two manual payments of halves in parallel: the second waits for the first, sees it, and the project is paid', async () => {
    const p = await create({ selectedServices: [{ serviceId: wedding, quantity: 1 }] });
    const ledger = t.app.get(PaymentLedger, { strict: false });
    const tx = t.app.get(TransactionHost);
    const half = () => ledger.recordManual(p.id, owner.id, Money.ofCents(45000), 'Half', p.name);
    // Two manual payments recorded as the app records them (PaymentLedger: the payment row, then posted to the invoice,
    // which billing locks FOR UPDATE). The first holds its transaction open after posting; the second starts meanwhile
    // and waits for it (on the receipt counter of the payment it writes, or on the invoice's row), then sees its posting.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let firstPosted!: () => void;
    const posted = new Promise<void>((r) => (firstPosted = r));
    const first = tx.run(async () => {
      await half();
      firstPosted();
      await held;
    });
    await posted;
    const second = tx.run(half);
    try {
      await eventually(async () => {
        const waiting: Array<{ query: string }> = await t.db.query(
          `SELECT query FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        expect(waiting).toHaveLength(1);
        expect(waiting[0].query).toMatch(/INSERT INTO payments|FROM invoices[\s\S]*FOR UPDATE/);
      });
    } finally {
      release();
    }
    await first;
    await second;
    expect(await mine(p.id)).toMatchObject({ isPaid: true, unpaidAmount: 0, amountPaid: 900 });
    const { invoice } = await stored(p.id);
    expect(invoice.postings.map((x) => [x.kind, x.amountCents, x.method])).toEqual([
      ['payment', 45000, 'manual'],
      ['payment', 45000, 'manual'],
    ]);
    await inStep(p.id);
  });

  it("what is owed, billing's one rule: total − credit-paid lines − (payments − refunds), never below 0", async () => {
    await admin.post('/api/credit-adjustments').send({ userId: owner.id, amount: 6, type: 'add' }).expect(201);
    const p = await create({
      selectedServices: [
        { serviceId: album, quantity: 2 },
        { serviceId: wedding, quantity: 1 },
      ],
    });
    const owed = async () => Math.round((await mine(p.id)).unpaidAmount * 100);
    const { invoiceId } = await mine(p.id);
    await admin
      .put(`/api/invoices/${invoiceId}/schedule`)
      .send([
        { label: 'First', amount: 300, dueDate: '2030-01-01' },
        { label: 'Rest', amount: 800, dueDate: '2030-02-01' },
      ])
      .expect(200);
    expect(await owed()).toBe(110000);
    // a declined card pays nothing
    const declined = (await owner.agent.post('/api/create-payment-intent').send({ projectId: p.id }).expect(200)).body.paymentIntentId;
    await owner.agent
      .post(`/api/payment-emulator/payment_intents/${declined}/confirm`)
      .send({ payment_method: 'pm_card_chargeDeclined' })
      .expect(200);
    await owner.agent.post('/api/confirm-payment').send({ projectId: p.id, paymentIntentId: declined }).expect(400);
    expect(await owed()).toBe(110000);
    // the first part paid by card (the same intent, now with a good card)
    await owner.agent
      .post(`/api/payment-emulator/payment_intents/${declined}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    await owner.agent.post('/api/confirm-payment').send({ projectId: p.id, paymentIntentId: declined }).expect(200);
    const [{ id: paidId }] = await t.db.query(`SELECT id FROM payments WHERE stripe_payment_id = $1`, [declined]);
    expect(await owed()).toBe(80000);
    await admin.post(`/api/payments/${paidId}/refunds`).send({ amount: 50, reason: 'Partial' }).expect(201);
    expect(await owed()).toBe(85000);
    await inStep(p.id);
    // the client takes a card payment of the $850 balance at the provider, then pays the albums with credits
    const balance = (await owner.agent.post('/api/create-payment-intent').send({ projectId: p.id, part: 'balance' }).expect(200)).body;
    expect(balance.amount).toBe(850);
    await owner.agent
      .post(`/api/payment-emulator/payment_intents/${balance.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    expect((await owner.agent.post('/api/redeem-credits').send({ projectId: p.id }).expect(200)).body).toMatchObject({
      remainingBalance: 650,
    });
    expect(await owed()).toBe(65000);
    await inStep(p.id);
    // the card payment the provider took is posted as it is: $200 more than is owed, and nothing is owed, never below 0
    await owner.agent.post('/api/confirm-payment').send({ projectId: p.id, paymentIntentId: balance.paymentIntentId }).expect(200);
    expect(await owed()).toBe(0);
    expect(await mine(p.id)).toMatchObject({ isPaid: true });
    const { invoice } = await stored(p.id);
    expect(invoice.totals).toMatchObject({ total: 110000, credits: 20000, payments: 115000, refunded: 5000, paid: 130000, due: 0 });
    await inStep(p.id);
  });
});
