import { adminAgent, Agent, clientAgent, createTestApp, TestApp } from '../support/test-app';

/**
 * CONTRACT §11 deposits, decisions 0033 and 0045: set by the studio, paid first by card, then the balance.
 * A deposit is the first installment of the project's invoice ('Deposit', then 'Balance'): it is read back
 * through the API (`depositAmount`, `depositDue`, `nextInstallment`) or from `invoice_installments`.
 */
describe('Deposits (CONTRACT §11)', () => {
  let t: TestApp;
  let admin: Agent;
  let owner: Awaited<ReturnType<typeof clientAgent>>;
  let stranger: Awaited<ReturnType<typeof clientAgent>>;
  let shoot: number; // $250, not eligible for credits
  let drone: number; // $50, 1 credit
  const tag = `dep${process.pid}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    owner = await clientAgent(t, 'depositowner');
    stranger = await clientAgent(t, 'depositstranger');
    shoot = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Shoot`, price: 250 })
        .expect(201)
    ).body.id;
    drone = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Drone`, price: 50, creditEligible: true, creditCost: 1 })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  const uniqueName = () => `${tag} ${Math.random().toString(36).slice(2, 8)}`;
  const body = (extra: Record<string, unknown>, lines: Array<[number, number]> = [[shoot, 1]]) => ({
    name: uniqueName(),
    clientId: owner.id,
    selectedServices: lines.map(([serviceId, quantity]) => ({ serviceId, quantity })),
    ...extra,
  });
  const createWith = async (extra: Record<string, unknown>, lines?: Array<[number, number]>) =>
    (await admin.post('/api/projects').send(body(extra, lines)).expect(201)).body as {
      id: number;
      name: string;
      price: number;
      depositAmount: number | null;
      depositDue: number | null;
    };
  /** The project's price and its invoice's schedule as stored: [label, cents] per installment, in order. */
  const stored = async (id: number) => {
    const [{ price_cents }] = await t.db.query(`SELECT price_cents FROM projects WHERE id = $1`, [id]);
    const schedule = (await t.db.query(
      `SELECT k.label, k.amount_cents FROM invoice_installments k JOIN invoices i ON i.id = k.invoice_id WHERE i.project_id = $1 ORDER BY k.position`,
      [id],
    )) as Array<{ label: string; amount_cents: string }>;
    return { price_cents: price_cents as string, schedule: schedule.map((k) => [k.label, Number(k.amount_cents)]) };
  };
  const countNamed = async (name: string) => Number((await t.db.query(`SELECT count(*) AS n FROM projects WHERE name = $1`, [name]))[0].n);
  const paymentsOf = async (projectId: number) =>
    (
      (await t.db.query(`SELECT amount_cents FROM payments WHERE project_id = $1 AND status = 'completed' ORDER BY id`, [
        projectId,
      ])) as Array<{
        amount_cents: string;
      }>
    ).map((r) => Number(r.amount_cents));

  const remaining = async (agent: Agent, id: number) => (await agent.get(`/api/project-remaining-balance/${id}`).expect(200)).body;
  const startPayment = (agent: Agent, projectId: number, part?: string) =>
    agent.post('/api/create-payment-intent').send(part === undefined ? { projectId } : { projectId, part });
  /** Pays the intent by test card as the portal does (emulator confirm, then confirm-payment); answers the project. */
  async function pay(agent: Agent, projectId: number, intentId: string) {
    await agent.post(`/api/payment-emulator/payment_intents/${intentId}/confirm`).send({ payment_method: 'pm_card_visa' }).expect(200);
    return (await agent.post('/api/confirm-payment').send({ projectId, paymentIntentId: intentId }).expect(200)).body.project;
  }
  const pending = async () => (await admin.get('/api/dashboard').expect(200)).body.pending as { amount: number; count: number };

  describe('setting a deposit', () => {
    it('stores it in cents and shows it, due while nothing is paid', async () => {
      const p = await createWith({ depositAmount: '100.10' });
      expect(p).toMatchObject({ price: 250, depositAmount: 100.1, depositDue: 100.1, unpaidAmount: 250 });
      expect(p).toMatchObject({ nextInstallment: { number: 1, count: 2, label: 'Deposit', amount: 100.1 } });
      expect(await stored(p.id)).toEqual({
        price_cents: '25000',
        schedule: [
          ['Deposit', 10010],
          ['Balance', 14990],
        ],
      });
      const listed = (await admin.get('/api/projects').expect(200)).body.find((x: { id: number }) => x.id === p.id);
      expect(listed).toMatchObject({ depositAmount: 100.1, depositDue: 100.1 });
      const plain = await createWith({});
      expect(plain).toMatchObject({
        depositAmount: null,
        depositDue: null,
        nextInstallment: { number: 1, count: 1, label: 'Payment', amount: 250 },
      });
      expect(await stored(plain.id)).toEqual({ price_cents: '25000', schedule: [['Payment', 25000]] });
    });

    it('accepts a deposit equal to the price', async () => {
      expect(await createWith({ depositAmount: 250 })).toMatchObject({ depositAmount: 250, depositDue: 250 });
    });

    it.each([
      [300, 'PROJECTS.DEPOSIT_ABOVE_PRICE', "Deposit must be at most the project's price ($250.00)"],
      [250.01, 'PROJECTS.DEPOSIT_ABOVE_PRICE', "Deposit must be at most the project's price ($250.00)"],
      [-5, 'a field error', 'Deposit must be more than $0.00'],
      ['-0.5', 'a field error', 'Deposit must be more than $0.00'],
      [0, 'PROJECTS.BAD_DEPOSIT', 'Deposit must be more than $0.00'],
      [12.345, 'a field error', 'Deposit must be an amount in dollars with at most 2 decimals'],
      ['10.999', 'a field error', 'Deposit must be an amount in dollars with at most 2 decimals'],
      ['abc', 'a field error', 'Deposit must be an amount in dollars with at most 2 decimals'],
      [true, 'a field error', 'Deposit must be a number'],
    ])('refuses %p with 400 (code %s) and saves nothing', async (depositAmount, code, message) => {
      const sent = body({ depositAmount });
      const res = await admin.post('/api/projects').send(sent).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, message, errors: { depositAmount: message } });
      if (code.includes('.')) expect(res.body.code).toBe(code);
      expect(await countNamed(sent.name)).toBe(0);
    });

    it('on edit: sets, keeps when left out, clears with null or an empty string', async () => {
      const p = await createWith({});
      const base = { name: p.name, clientId: owner.id };
      expect(
        (
          await admin
            .put(`/api/projects/${p.id}`)
            .send({ ...base, depositAmount: 80 })
            .expect(200)
        ).body,
      ).toMatchObject({
        depositAmount: 80,
        depositDue: 80,
        price: 250,
      });
      expect((await admin.put(`/api/projects/${p.id}`).send(base).expect(200)).body.depositAmount).toBe(80);
      expect(
        (
          await admin
            .put(`/api/projects/${p.id}`)
            .send({ ...base, depositAmount: null })
            .expect(200)
        ).body.depositAmount,
      ).toBeNull();
      await admin
        .put(`/api/projects/${p.id}`)
        .send({ ...base, depositAmount: 70 })
        .expect(200);
      expect(
        (
          await admin
            .put(`/api/projects/${p.id}`)
            .send({ ...base, depositAmount: '' })
            .expect(200)
        ).body.depositAmount,
      ).toBeNull();
      expect(await stored(p.id)).toEqual({ price_cents: '25000', schedule: [['Payment', 25000]] });
    });

    it('refuses an edit whose new lines put the price below the deposit, and changes nothing', async () => {
      const p = await createWith({ depositAmount: 200 }, [
        [shoot, 1],
        [drone, 1],
      ]);
      const res = await admin
        .put(`/api/projects/${p.id}`)
        .send({ name: `${p.name} renamed`, clientId: owner.id, selectedServices: [{ serviceId: drone, quantity: 1 }] })
        .expect(400);
      expect(res.body).toMatchObject({
        code: 'PROJECTS.DEPOSIT_ABOVE_PRICE',
        message: "Deposit must be at most the project's price ($50.00)",
      });
      expect(await stored(p.id)).toEqual({
        price_cents: '30000',
        schedule: [
          ['Deposit', 20000],
          ['Balance', 10000],
        ],
      });
      expect(await countNamed(p.name)).toBe(1);
      // lowering the deposit with the lines in the same edit is fine
      await admin
        .put(`/api/projects/${p.id}`)
        .send({ name: p.name, clientId: owner.id, depositAmount: 25, selectedServices: [{ serviceId: drone, quantity: 1 }] })
        .expect(200);
      expect(await stored(p.id)).toEqual({
        price_cents: '5000',
        schedule: [
          ['Deposit', 2500],
          ['Balance', 2500],
        ],
      });
    });

    it('the invoice tables refuse an installment of 0 written behind the API; the API refuses a deposit above the price', async () => {
      // Decision 0045: the deposit is the invoice's first installment; projects.deposit_cents and its CHECK are gone.
      // What the database still guarantees is that no installment is of 0 (or less); "at most the price" is the
      // Invoice aggregate's rule (the installments sum exactly to the total), answered by the API.
      const p = await createWith({ depositAmount: 100 });
      const installment = `UPDATE invoice_installments SET amount_cents = $2 WHERE position = 0 AND invoice_id = (SELECT id FROM invoices WHERE project_id = $1)`;
      await expect(t.db.query(installment, [p.id, 0])).rejects.toThrow(/invoice_installments_amount_cents_check/);
      await expect(t.db.query(installment, [p.id, -100])).rejects.toThrow(/invoice_installments_amount_cents_check/);
      const res = await admin.put(`/api/projects/${p.id}`).send({ name: p.name, clientId: owner.id, depositAmount: 250.01 }).expect(400);
      expect(res.body).toMatchObject({
        code: 'PROJECTS.DEPOSIT_ABOVE_PRICE',
        message: "Deposit must be at most the project's price ($250.00)",
      });
      expect(await stored(p.id)).toEqual({
        price_cents: '25000',
        schedule: [
          ['Deposit', 10000],
          ['Balance', 15000],
        ],
      });
    });

    it('a client cannot set a deposit (admin only)', async () => {
      await owner.agent
        .post('/api/projects')
        .send(body({ depositAmount: 10 }))
        .expect(403);
    });
  });

  describe('paying the deposit, then the balance', () => {
    it('deposit by card, then the balance: the project is paid only when nothing is owed; the dashboard counts what is owed', async () => {
      const before = await pending();
      const p = await createWith({ depositAmount: 100 });
      expect(await pending()).toEqual({ amount: before.amount + 250, count: before.count + 1 });
      expect(await remaining(owner.agent, p.id)).toEqual({ unpaidAmount: 250, depositDue: 100 });

      const deposit = await startPayment(owner.agent, p.id).expect(200);
      expect(deposit.body).toMatchObject({ amount: 100, part: 'deposit' });
      const afterDeposit = await pay(owner.agent, p.id, deposit.body.paymentIntentId);
      expect(afterDeposit).toMatchObject({ isPaid: false, amountPaid: 100, unpaidAmount: 150, depositAmount: 100, depositDue: null });
      expect(await paymentsOf(p.id)).toEqual([10000]);
      expect(await remaining(owner.agent, p.id)).toEqual({ unpaidAmount: 150, depositDue: null });
      expect(await pending()).toEqual({ amount: before.amount + 150, count: before.count + 1 });

      const again = await startPayment(owner.agent, p.id, 'deposit').expect(400);
      expect(again.body).toMatchObject({
        code: 'PAYMENTS.DEPOSIT_ALREADY_PAID',
        message: 'A payment has already been made on this project: pay the balance of $150.00',
      });

      const balance = await startPayment(owner.agent, p.id).expect(200);
      expect(balance.body).toMatchObject({ amount: 150, part: 'balance' });
      expect(balance.body.paymentIntentId).not.toBe(deposit.body.paymentIntentId);
      const paid = await pay(owner.agent, p.id, balance.body.paymentIntentId);
      expect(paid).toMatchObject({ isPaid: true, amountPaid: 250, unpaidAmount: 0, depositDue: null });
      expect(await paymentsOf(p.id)).toEqual([10000, 15000]);
      expect(await pending()).toEqual(before);
      await startPayment(owner.agent, p.id).expect(400);
      // the webhook-free confirmation of the deposit a second time records nothing more
      await owner.agent.post('/api/confirm-payment').send({ projectId: p.id, paymentIntentId: deposit.body.paymentIntentId }).expect(200);
      expect(await paymentsOf(p.id)).toEqual([10000, 15000]);
    });

    it('a deposit of half the price and then the balance (same amount) are two payments', async () => {
      const p = await createWith({ depositAmount: 125 });
      const first = (await startPayment(owner.agent, p.id, 'deposit').expect(200)).body;
      expect(first).toMatchObject({ amount: 125, part: 'deposit' });
      await pay(owner.agent, p.id, first.paymentIntentId);
      const second = (await startPayment(owner.agent, p.id, 'balance').expect(200)).body;
      expect(second).toMatchObject({ amount: 125, part: 'balance' });
      expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
      expect(await pay(owner.agent, p.id, second.paymentIntentId)).toMatchObject({ isPaid: true, unpaidAmount: 0 });
      expect(await paymentsOf(p.id)).toEqual([12500, 12500]);
    });

    it("'balance' while the deposit is due pays everything at once", async () => {
      const p = await createWith({ depositAmount: 100 });
      const intent = (await startPayment(owner.agent, p.id, 'balance').expect(200)).body;
      expect(intent).toMatchObject({ amount: 250, part: 'balance' });
      expect(await pay(owner.agent, p.id, intent.paymentIntentId)).toMatchObject({ isPaid: true, amountPaid: 250 });
    });

    it("refuses 'deposit' on a project without one, and an unknown part; records nothing", async () => {
      const p = await createWith({});
      const res = await startPayment(owner.agent, p.id, 'deposit').expect(400);
      expect(res.body).toMatchObject({ code: 'PAYMENTS.NO_DEPOSIT', message: 'This project has no deposit to pay' });
      const bad = await startPayment(owner.agent, p.id, 'everything').expect(400);
      expect(bad.body.message).toBe("Part must be 'next', 'deposit' or 'balance'");
      expect(Number((await t.db.query(`SELECT count(*) AS n FROM card_payment_intents WHERE project_id = $1`, [p.id]))[0].n)).toBe(0);
      // no part on a project without a deposit: the whole remainder, as before deposits
      expect((await startPayment(owner.agent, p.id).expect(200)).body).toMatchObject({ amount: 250, part: 'balance' });
    });

    it("another client's project is a 404, with or without a part", async () => {
      const p = await createWith({ depositAmount: 100 });
      await startPayment(stranger.agent, p.id, 'deposit').expect(404);
      await stranger.agent.get(`/api/project-remaining-balance/${p.id}`).expect(404);
    });

    it('the admin sees the deposit due on the remaining balance too', async () => {
      const p = await createWith({ depositAmount: 60 });
      expect(await remaining(admin, p.id)).toEqual({ unpaidAmount: 250, depositDue: 60 });
    });

    it('after admin mark-paid nothing is due, deposit or balance', async () => {
      const p = await createWith({ depositAmount: 60 });
      await admin.patch(`/api/projects/${p.id}/mark-paid`).send({}).expect(200);
      expect(await remaining(owner.agent, p.id)).toEqual({ unpaidAmount: 0, depositDue: null });
      expect((await startPayment(owner.agent, p.id, 'deposit').expect(400)).body.code).toBe('PAYMENTS.NOTHING_DUE');
    });
  });

  describe('with credits (decision 0033)', () => {
    async function withCredits(credits: number) {
      const c = await clientAgent(t, 'depositcredits');
      await admin.post('/api/credit-adjustments').send({ userId: c.id, amount: credits, type: 'add' }).expect(201);
      return c;
    }
    const balanceOf = async (userId: number) => (await admin.get(`/api/user-credits/${userId}`).expect(200)).body.balance as number;

    it("credits used first pay toward the deposit: the deposit's remainder is the next installment, then the balance", async () => {
      // Changed with decision 0045. Before, any payment (credits included) ended the deposit stage and the card
      // then paid the whole balance. Now what is paid, credits included, fills the installments in order
      // (Invoice.installments): $50 of credits on a $100 deposit leave $50 of the deposit as the next
      // installment, and amountToPay charges that remainder for 'deposit' and for the next installment.
      const c = await withCredits(3);
      const p = (
        await admin
          .post('/api/projects')
          .send({
            ...body({ depositAmount: 100 }, [
              [shoot, 1],
              [drone, 1],
            ]),
            clientId: c.id,
          })
          .expect(201)
      ).body;
      expect(p).toMatchObject({ price: 300, depositDue: 100 });
      expect((await c.agent.post('/api/redeem-credits').send({ projectId: p.id }).expect(200)).body).toMatchObject({
        remainingBalance: 250,
      });
      expect(await remaining(c.agent, p.id)).toEqual({ unpaidAmount: 250, depositDue: 50 });
      expect((await c.agent.get(`/api/projects/${p.id}`).expect(200)).body).toMatchObject({
        depositAmount: 100,
        depositDue: 50,
        nextInstallment: { number: 1, count: 2, label: 'Deposit', amount: 50 },
      });
      expect((await startPayment(c.agent, p.id, 'deposit').expect(200)).body).toMatchObject({ amount: 50, part: 'deposit' });
      const next = (await startPayment(c.agent, p.id).expect(200)).body;
      expect(next).toMatchObject({ amount: 50, part: 'deposit' });
      expect(await pay(c.agent, p.id, next.paymentIntentId)).toMatchObject({ isPaid: false, unpaidAmount: 200, depositDue: null });
      expect((await startPayment(c.agent, p.id, 'deposit').expect(400)).body.code).toBe('PAYMENTS.DEPOSIT_ALREADY_PAID');
      expect((await startPayment(c.agent, p.id).expect(200)).body).toMatchObject({ amount: 200, part: 'balance' });
      expect(await paymentsOf(p.id)).toEqual([5000]);
    });

    it('after a deposit, credits pay eligible services only while they do not pay more than is owed', async () => {
      const c = await withCredits(5);
      const p = (
        await admin
          .post('/api/projects')
          .send({
            ...body({ depositAmount: 100 }, [
              [shoot, 1],
              [drone, 1],
            ]),
            clientId: c.id,
          })
          .expect(201)
      ).body;
      await pay(c.agent, p.id, (await startPayment(c.agent, p.id).expect(200)).body.paymentIntentId);
      const redeemed = (await c.agent.post('/api/redeem-credits').send({ projectId: p.id }).expect(200)).body;
      expect(redeemed).toEqual({ hasRemainingServices: true, remainingBalance: 150, creditBalance: 4 });
      expect((await startPayment(c.agent, p.id).expect(200)).body).toMatchObject({ amount: 150, part: 'balance' });

      // a $280 deposit paid on $300: the $50 drone in credits would pay more than the $20 still owed
      const q = (
        await admin
          .post('/api/projects')
          .send({
            ...body({ depositAmount: 280 }, [
              [shoot, 1],
              [drone, 1],
            ]),
            clientId: c.id,
          })
          .expect(201)
      ).body;
      await pay(c.agent, q.id, (await startPayment(c.agent, q.id).expect(200)).body.paymentIntentId);
      const refused = await c.agent.post('/api/redeem-credits').send({ projectId: q.id }).expect(400);
      expect(refused.body).toMatchObject({
        code: 'CREDITS.WOULD_OVERPAY',
        message: 'Credits would pay more than the $20.00 still owed: please pay the balance by card',
      });
      expect(await balanceOf(c.id)).toBe(4);
      expect((await c.agent.get(`/api/projects/${q.id}`).expect(200)).body).toMatchObject({ unpaidAmount: 20, creditsDue: 1 });
    });
  });
});
