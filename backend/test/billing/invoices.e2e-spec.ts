import { adminAgent, Agent, clientAgent, createTestApp, TestApp } from '../support/test-app';

/**
 * CONTRACT §14 through the API: an invoice per priced project, its lines, discount, the studio's tax, a
 * schedule paid installment by installment, and every bad input answered with a 4xx that changes nothing.
 */
describe('Invoices (CONTRACT §14)', () => {
  let t: TestApp;
  let admin: Agent;
  let owner: Awaited<ReturnType<typeof clientAgent>>;
  let stranger: Awaited<ReturnType<typeof clientAgent>>;
  let shoot: number; // $900
  const tag = `inv${process.pid}`;
  const today = () => new Date().toISOString().slice(0, 10);
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    owner = await clientAgent(t, 'invoiceowner');
    stranger = await clientAgent(t, 'invoicestranger');
    shoot = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Wedding`, price: 900 })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  const newProject = async (extra: Record<string, unknown> = {}) =>
    (
      await admin
        .post('/api/projects')
        .send({
          name: `${tag} ${Math.random().toString(36).slice(2, 8)}`,
          clientId: owner.id,
          selectedServices: [{ serviceId: shoot, quantity: 1 }],
          ...extra,
        })
        .expect(201)
    ).body as { id: number; invoiceId: number; invoiceNumber: string; nextInstallment: unknown; unpaidAmount: number };
  const invoice = async (id: number, agent: Agent = admin) => (await agent.get(`/api/invoices/${id}`).expect(200)).body;
  /** Everything stored about the invoice: a refused change must leave it exactly so. */
  const storedState = async (invoiceId: number) => ({
    invoice: await t.db.query(`SELECT * FROM invoices WHERE id = $1`, [invoiceId]),
    lines: await t.db.query(
      `SELECT description, quantity, unit_price_cents, source FROM invoice_lines WHERE invoice_id = $1 ORDER BY position`,
      [invoiceId],
    ),
    schedule: await t.db.query(
      `SELECT label, amount_cents, due_date, paid_cents FROM invoice_installments WHERE invoice_id = $1 ORDER BY position`,
      [invoiceId],
    ),
    postings: await t.db.query(`SELECT kind, amount_cents FROM invoice_postings WHERE invoice_id = $1 ORDER BY id`, [invoiceId]),
  });
  async function payByCard(projectId: number, part?: string) {
    const intent = (
      await owner.agent
        .post('/api/create-payment-intent')
        .send(part ? { projectId, part } : { projectId })
        .expect(200)
    ).body;
    await owner.agent
      .post(`/api/payment-emulator/payment_intents/${intent.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    await owner.agent.post('/api/confirm-payment').send({ projectId, paymentIntentId: intent.paymentIntentId }).expect(200);
    return intent as { amount: number; part: string };
  }

  it("numbers a priced project's invoice, follows its lines, and shows it to its client only", async () => {
    const p = await newProject();
    expect(p.invoiceNumber).toMatch(/^INV-\d{6}$/);
    const inv = await invoice(p.invoiceId, owner.agent);
    expect(inv).toMatchObject({ number: p.invoiceNumber, status: 'open', subtotal: 900, total: 900, paid: 0, due: 900 });
    expect(inv.lines).toEqual([expect.objectContaining({ description: `${tag} Wedding`, quantity: 1, unitPrice: 900, source: 'service' })]);
    expect(inv.schedule).toEqual([expect.objectContaining({ number: 1, label: 'Payment', amount: 900, status: 'due' })]);
    await stranger.agent.get(`/api/invoices/${p.invoiceId}`).expect(404);
    await stranger.agent.get(`/api/invoices/${p.invoiceId}/pdf`).expect(404);
    const pdf = await owner.agent.get(`/api/invoices/${p.invoiceId}/pdf`).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await owner.agent.get('/api/my/invoices').expect(200)).body.map((i: { id: number }) => i.id)).toContain(p.invoiceId);
    expect((await stranger.agent.get('/api/my/invoices').expect(200)).body).toEqual([]);
    // A service added to the project adds its line to the invoice.
    await admin.post(`/api/projects/${p.id}/add-service`).send({ serviceId: shoot, quantity: 1 }).expect(200);
    expect((await invoice(p.invoiceId)).total).toBe(1800);
  });

  it('numbers invoices without gaps: a refused creation takes no number', async () => {
    const before = (await t.db.query(`SELECT last_number FROM invoice_numbers`))[0].last_number as number;
    await admin
      .post('/api/projects')
      .send({ name: `${tag} bad`, clientId: owner.id, selectedServices: [{ serviceId: shoot, quantity: 1 }], depositAmount: 5000 })
      .expect(400);
    const a = await newProject();
    const b = await newProject();
    expect([a.invoiceNumber, b.invoiceNumber]).toEqual([
      `INV-${String(before + 1).padStart(6, '0')}`,
      `INV-${String(before + 2).padStart(6, '0')}`,
    ]);
  });

  it('pays a three-part schedule installment by installment; a refund re-opens what it refunds', async () => {
    const p = await newProject();
    const schedule = [
      { label: 'Deposit', amount: 300, dueDate: today() },
      { label: 'Second payment', amount: 300, dueDate: inDays(30) },
      { label: 'Balance', amount: 300, dueDate: inDays(60) },
    ];
    const set = (await admin.put(`/api/invoices/${p.invoiceId}/schedule`).send(schedule).expect(200)).body;
    expect(set.schedule.map((s: { amount: number }) => s.amount)).toEqual([300, 300, 300]);
    const project = (await owner.agent.get(`/api/projects/${p.id}`).expect(200)).body;
    expect(project.nextInstallment).toEqual({ number: 1, count: 3, label: 'Deposit', amount: 300, dueDate: today(), overdue: false });
    expect(project.depositAmount).toBe(300);

    expect(await payByCard(p.id)).toMatchObject({ amount: 300, part: 'deposit' });
    expect(await payByCard(p.id)).toMatchObject({ amount: 300, part: 'installment' });
    let inv = await invoice(p.invoiceId);
    expect(inv.schedule.map((s: { status: string }) => s.status)).toEqual(['paid', 'paid', 'due']);
    expect(inv).toMatchObject({ paid: 600, due: 300, status: 'open' });
    expect(await payByCard(p.id)).toMatchObject({ amount: 300, part: 'balance' });
    inv = await invoice(p.invoiceId);
    expect(inv).toMatchObject({ paid: 900, due: 0, status: 'paid', nextDueDate: null });
    expect((await owner.agent.get(`/api/projects/${p.id}`).expect(200)).body).toMatchObject({ isPaid: true, nextInstallment: null });
    // Refunding $100 of the last payment re-opens the last installment for $100.
    const last = inv.payments.at(-1).paymentId;
    await admin.post(`/api/payments/${last}/refunds`).send({ amount: 100, reason: 'Album cancelled' }).expect(201);
    inv = await invoice(p.invoiceId);
    expect(inv).toMatchObject({ paid: 800, refunded: 100, due: 100, status: 'open' });
    expect(inv.schedule.map((s: { remaining: number }) => s.remaining)).toEqual([0, 0, 100]);
    expect((await owner.agent.get(`/api/projects/${p.id}`).expect(200)).body.isPaid).toBe(false);
  });

  it("the client may pay everything owed; 'balance' takes what is left", async () => {
    const p = await newProject({ depositAmount: 200 });
    expect((await invoice(p.invoiceId)).schedule.map((s: { label: string; amount: number }) => [s.label, s.amount])).toEqual([
      ['Deposit', 200],
      ['Balance', 700],
    ]);
    expect(await payByCard(p.id, 'balance')).toMatchObject({ amount: 900, part: 'balance' });
    expect((await invoice(p.invoiceId)).status).toBe('paid');
  });

  it("a discount and the studio's tax, half up per invoice; a past due date is overdue at once and on the dashboard", async () => {
    // A $0 project made before the studio sets its tax: its draft takes the tax when it is issued.
    const early = await newProject({ selectedServices: [], price: 0 });
    await t.db.query(`UPDATE studio_settings SET tax_rate = 8.875, tax_name = 'Sales tax', tax_inclusive = false WHERE id = 1`);
    try {
      expect((await invoice(early.invoiceId)).status).toBe('draft');
      await admin.post(`/api/projects/${early.id}/add-service`).send({ serviceId: shoot, quantity: 1 }).expect(200);
      expect(await invoice(early.invoiceId)).toMatchObject({ status: 'open', taxRate: '8.875', tax: 79.88, total: 979.88 });
      const p = await newProject();
      let inv = (
        await admin
          .patch(`/api/invoices/${p.invoiceId}`)
          .send({ customLines: [{ description: 'Extra hour', quantity: 1, unitPrice: 150.55 }], discount: { kind: 'percent', value: 10 } })
          .expect(200)
      ).body;
      // subtotal 1050.55; discount 10% = 105.055 → 105.06; taxable 945.49 × 8.875% = 83.912… → 83.91
      expect(inv).toMatchObject({ subtotal: 1050.55, discount: 105.06, tax: 83.91, total: 1029.4, taxRate: '8.875' });
      expect(inv.schedule).toEqual([expect.objectContaining({ amount: 1029.4 })]);
      inv = (
        await admin
          .put(`/api/invoices/${p.invoiceId}/schedule`)
          .send([
            { label: 'Deposit', percent: 33.333, dueDate: inDays(-3) },
            { label: 'Balance', percent: 66.667, dueDate: inDays(30) },
          ])
          .expect(200)
      ).body;
      // 1029.40 × 33.333% = 343.129… → 343.13; the last takes the rest
      expect(inv.schedule.map((s: { amount: number; status: string }) => [s.amount, s.status])).toEqual([
        [343.13, 'overdue'],
        [686.27, 'due'],
      ]);
      expect(inv).toMatchObject({ overdue: true, overdueAmount: 343.13 });
      const overdueList = await admin
        .get('/api/invoices')
        .query({ filter: JSON.stringify({ overdue: true }), range: '[0,99]' })
        .expect(200);
      expect(overdueList.body.map((i: { id: number }) => i.id)).toContain(p.invoiceId);
      expect(overdueList.headers['content-range']).toMatch(/^invoices 0-\d+\/\d+$/);
      const dash = (await admin.get('/api/dashboard').expect(200)).body;
      expect(dash.overdue.count).toBeGreaterThanOrEqual(1);
      expect(dash.overdue.amount).toBeGreaterThanOrEqual(343.13);
    } finally {
      // The studio's tax as it was (other files of this worker share the database).
      await t.db.query(`UPDATE studio_settings SET tax_rate = 0 WHERE id = 1`);
    }
  });

  describe('bad input: a clear 4xx and nothing changed', () => {
    let p: Awaited<ReturnType<typeof newProject>>;
    beforeAll(async () => {
      p = await newProject();
    });
    const cases: Array<[string, string, () => unknown, number, RegExp]> = [
      [
        'a schedule that does not sum',
        'put',
        () => [{ label: 'A', amount: 100, dueDate: '2027-01-01' }],
        400,
        /must add up to the total \(\$900\.00\): they add up to \$100\.00/,
      ],
      [
        'more than 12 parts',
        'put',
        () => Array.from({ length: 13 }, (_, i) => ({ label: `P${i}`, amount: 1, dueDate: '2027-01-01' })),
        400,
        /At most 12 installments/,
      ],
      ['a due date that is not a date', 'put', () => [{ label: 'A', amount: 900, dueDate: '2027-02-30' }], 400, /Due date must be a date/],
      [
        'due dates out of order',
        'put',
        () => [
          { label: 'A', amount: 450, dueDate: '2027-03-01' },
          { label: 'B', amount: 450, dueDate: '2027-01-01' },
        ],
        400,
        /Due dates must be in order/,
      ],
      ['percents that do not make 100', 'put', () => [{ label: 'A', percent: 50, dueDate: '2027-01-01' }], 400, /add up to 100%/],
      [
        'a zero installment',
        'put',
        () => [
          { label: 'A', amount: 0, dueDate: '2027-01-01' },
          { label: 'B', amount: 900, dueDate: '2027-02-01' },
        ],
        400,
        /more than \$0\.00/,
      ],
      ['not a list', 'put', () => ({ label: 'A' }), 400, /must be a list/],
      [
        'a discount above the subtotal',
        'patch',
        () => ({ discount: { kind: 'amount', value: 901 } }),
        400,
        /Discount must be at most the subtotal \(\$900\.00\)/,
      ],
      [
        'a negative quantity',
        'patch',
        () => ({ customLines: [{ description: 'X', quantity: -1, unitPrice: 10 }] }),
        400,
        /Quantity must be at least 1/,
      ],
      [
        'a quantity past what a line holds',
        'patch',
        () => ({ customLines: [{ description: 'X', quantity: 3_000_000_000, unitPrice: 1 }] }),
        400,
        /Quantity must be at most 100,000/,
      ],
      ['a negative price', 'patch', () => ({ customLines: [{ description: 'X', quantity: 1, unitPrice: -10 }] }), 400, /./],
      ['an unknown field', 'patch', () => ({ total: 1 }), 400, /Unknown field: total/],
    ];
    it.each(cases)('%s', async (_name, method, body, status, message) => {
      const before = await storedState(p.invoiceId);
      const url = method === 'put' ? `/api/invoices/${p.invoiceId}/schedule` : `/api/invoices/${p.invoiceId}`;
      const res = await (method === 'put' ? admin.put(url) : admin.patch(url)).send(body() as object).expect(status);
      expect(res.body.message).toMatch(message);
      expect(await storedState(p.invoiceId)).toEqual(before);
    });

    it('an installment paid twice, a refund above what was paid, lines of a paid invoice', async () => {
      const q = await newProject();
      await admin.patch(`/api/projects/${q.id}/mark-paid`).send({}).expect(200);
      const before = await storedState(q.invoiceId);
      // Paying again what is paid: nothing owed.
      await admin.patch(`/api/projects/${q.id}/mark-paid`).send({}).expect(409);
      await owner.agent.post('/api/create-payment-intent').send({ projectId: q.id }).expect(400);
      const paymentId = (await invoice(q.invoiceId)).payments[0].paymentId;
      const refund = await admin.post(`/api/payments/${paymentId}/refunds`).send({ amount: 900.01, reason: 'Too much' }).expect(400);
      expect(refund.body.message).toMatch(/\$900\.00/);
      const edit = await admin
        .patch(`/api/invoices/${q.invoiceId}`)
        .send({ customLines: [{ description: 'More', quantity: 1, unitPrice: 10 }] })
        .expect(400);
      expect(edit.body.message).toBe('A paid invoice is changed only by a credit note or a refund');
      expect(await storedState(q.invoiceId)).toEqual(before);
    });

    it("a client cannot change or list the studio's invoices", async () => {
      await owner.agent.patch(`/api/invoices/${p.invoiceId}`).send({ discount: null }).expect(403);
      await owner.agent
        .put(`/api/invoices/${p.invoiceId}/schedule`)
        .send([{ label: 'A', amount: 900, dueDate: '2027-01-01' }])
        .expect(403);
      await owner.agent.get('/api/invoices').expect(403);
      await admin.get('/api/invoices/999999').expect(404);
    });
  });
});
