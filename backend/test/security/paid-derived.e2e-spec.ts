import sharp from 'sharp';
import { adminAgent, Agent, clientAgent, createTestApp, eventually, TestApp } from '../support/test-app';

/**
 * CONTRACT §12 (issue: "Free originals"): a project is paid exactly when nothing is owed on it. The
 * stored flag is a cache the database keeps in step; it can never say paid while money is owed.
 */
describe('Paid is derived from what is owed (CONTRACT §12)', () => {
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
  /** The cache and the rule agree, read from the database itself. */
  const inStep = async () => {
    const rows = await t.db.query(`SELECT id FROM projects WHERE is_paid <> (project_owed_cents(id, price_cents) = 0)`);
    expect(rows).toEqual([]);
  };
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
    await inStep();

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
    await inStep();
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

    const marked = await admin.patch(`/api/projects/${p.id}/mark-paid`).send({ note: 'Cash at the door' }).expect(200);
    expect(marked.body).toMatchObject({ isPaid: true, unpaidAmount: 0, amountPaid: 1000 });
    const manual = await t.db.query(`SELECT amount_cents FROM payments WHERE project_id = $1 AND stripe_payment_id IS NULL`, [p.id]);
    expect(manual).toEqual([{ amount_cents: '90000' }]);
    // Owing nothing, mark-paid changes nothing.
    await admin.patch(`/api/projects/${p.id}/mark-paid`).send({}).expect(409);
    const count = await t.db.query(`SELECT count(*)::int AS n FROM payments WHERE project_id = $1`, [p.id]);
    expect(count[0].n).toBe(2);
    await inStep();
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
  });

  it('a refund that brings what was paid under the price makes it unpaid; a full refund too', async () => {
    const p = await create({ selectedServices: [{ serviceId: wedding, quantity: 1 }] });
    const paymentId = await payByCard(p.id);
    expect((await mine(p.id)).isPaid).toBe(true);
    await admin.post(`/api/payments/${paymentId}/refunds`).send({ amount: 50, reason: 'Late delivery' }).expect(201);
    expect(await mine(p.id)).toMatchObject({ isPaid: false, unpaidAmount: 50 });
    await owner.agent.get(`/api/projects/${p.id}/photos.zip`).expect(403);
    await admin.post(`/api/payments/${paymentId}/refunds`).send({ reason: 'Cancelled' }).expect(201);
    expect(await mine(p.id)).toMatchObject({ isPaid: false, unpaidAmount: 900, amountPaid: 0 });
    await inStep();
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

    const deposit = await create({ selectedServices: [{ serviceId: wedding, quantity: 1 }], depositAmount: 300 });
    await payByCard(deposit.id, 'deposit');
    expect(await mine(deposit.id)).toMatchObject({ isPaid: false, unpaidAmount: 600, amountPaid: 300 });
    await owner.agent.post(`/api/mark-project-as-paid/${deposit.id}`).expect(400);
    await payByCard(deposit.id);
    expect((await mine(deposit.id)).isPaid).toBe(true);
    await inStep();
  });

  it('the flag cannot drift: writes that bypass the application keep it in step', async () => {
    const p = await create({ selectedServices: [{ serviceId: wedding, quantity: 1 }] });
    await admin.patch(`/api/projects/${p.id}/mark-paid`).send({}).expect(200);
    // A stored "paid" cannot be written by hand while money is owed, nor "unpaid" while nothing is.
    await t.db.query(`UPDATE projects SET price_cents = price_cents + 100 WHERE id = $1`, [p.id]);
    expect((await mine(p.id)).isPaid).toBe(false);
    await t.db.query(`UPDATE projects SET is_paid = true WHERE id = $1`, [p.id]);
    expect((await mine(p.id)).isPaid).toBe(false);
    await t.db.query(`UPDATE projects SET price_cents = price_cents - 100 WHERE id = $1`, [p.id]);
    expect((await mine(p.id)).isPaid).toBe(true);
    await t.db.query(`UPDATE projects SET is_paid = false WHERE id = $1`, [p.id]);
    expect((await mine(p.id)).isPaid).toBe(true);
    // Money moves and lines change in any table: the flag follows.
    await t.db.query(`UPDATE payments SET refunded_cents = 100 WHERE project_id = $1`, [p.id]);
    expect((await mine(p.id)).isPaid).toBe(false);
    await t.db.query(`UPDATE payments SET refunded_cents = 0 WHERE project_id = $1`, [p.id]);
    expect((await mine(p.id)).isPaid).toBe(true);
    await t.db.query(`UPDATE project_services SET quantity = 2 WHERE project_id = $1`, [p.id]);
    await t.db.query(`UPDATE projects SET price_cents = 180000 WHERE id = $1`, [p.id]);
    expect((await mine(p.id)).isPaid).toBe(false);
    await inStep();
  });

  it('two payments of halves in parallel: whichever commits last sees both, and the project is paid', async () => {
    const p = await create({ selectedServices: [{ serviceId: wedding, quantity: 1 }] });
    const [{ client_id: clientId }] = await t.db.query(`SELECT client_id FROM projects WHERE id = $1`, [p.id]);
    const [a, b] = [t.db.createQueryRunner(), t.db.createQueryRunner()];
    const half = (runner: typeof a, n: number) =>
      runner.query(
        `INSERT INTO payments (project_id, client_id, amount_cents, stripe_payment_id, payment_date, status)
         VALUES ($1, $2, 45000, $3, now(), 'completed')`,
        [p.id, clientId, `pi_half_${tag}_${n}`],
      );
    try {
      await a.startTransaction();
      await b.startTransaction();
      await half(a, 1); // a holds the project's row until it commits
      let bDone = false;
      const second = half(b, 2).then(() => (bDone = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(bDone).toBe(false); // b's statement started before a committed, and waits for the project
      await a.commitTransaction();
      await second;
      await b.commitTransaction();
    } finally {
      await a.release();
      await b.release();
    }
    expect(await mine(p.id)).toMatchObject({ isPaid: true, unpaidAmount: 0, amountPaid: 900 });
    await inStep();
  });

  it('project_owed_cents, the one rule: price − credit-paid lines − (completed payments − refunds), never below 0', async () => {
    const p = await create({
      selectedServices: [
        { serviceId: album, quantity: 2 },
        { serviceId: wedding, quantity: 1 },
      ],
    });
    const owed = async () =>
      Number((await t.db.query(`SELECT project_owed_cents(id, price_cents) AS o FROM projects WHERE id = $1`, [p.id]))[0].o);
    const pay = (cents: number, status: string, n: string) =>
      t.db.query(
        `INSERT INTO payments (project_id, client_id, amount_cents, stripe_payment_id, payment_date, status)
         VALUES ($1, $2, $3, $4, now(), $5) RETURNING id`,
        [p.id, owner.id, cents, `pi_rule_${tag}_${n}`, status],
      );
    expect(await owed()).toBe(110000);
    await pay(30000, 'failed', 'f'); // a declined card pays nothing
    expect(await owed()).toBe(110000);
    const [{ id: paidId }] = await pay(30000, 'completed', 'c');
    expect(await owed()).toBe(80000);
    await t.db.query(`UPDATE payments SET refunded_cents = 5000 WHERE id = $1`, [paidId]);
    expect(await owed()).toBe(85000);
    await t.db.query(
      `INSERT INTO project_service_payments (project_id, service_id, paid_with_credits, credit_amount) VALUES ($1, $2, true, 6)`,
      [p.id, album],
    );
    expect(await owed()).toBe(65000);
    await pay(200000, 'completed', 'over'); // paid more than the price: nothing owed, never below 0
    expect(await owed()).toBe(0);
    expect((await mine(p.id)).isPaid).toBe(true);
  });
});
