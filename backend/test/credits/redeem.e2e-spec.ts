import { adminAgent, Agent, clientAgent, createTestApp, TestApp } from '../support/test-app';

describe('Redeeming credits on a project (CONTRACT §4, spec §9)', () => {
  let t: TestApp;
  let admin: Agent;
  let eligible: number; // 2 credits a unit, $150
  let eligibleCheap: number; // 1 credit a unit, $40
  let moneyOnly: number; // not eligible, $120
  const tag = `rdm${process.pid}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    eligible = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Aerial`, price: 150, creditEligible: true, creditCost: 2 })
        .expect(201)
    ).body.id;
    eligibleCheap = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Floor plan`, price: 40, creditEligible: true, creditCost: 1 })
        .expect(201)
    ).body.id;
    moneyOnly = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Twilight`, price: 120 })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  async function clientWithCredits(credits: number) {
    const c = await clientAgent(t, 'redeemer');
    if (credits) await admin.post('/api/credit-adjustments').send({ userId: c.id, amount: credits, type: 'add' }).expect(201);
    return c;
  }
  const projectFor = async (clientId: number, lines: Array<[number, number]>) =>
    (
      await admin
        .post('/api/projects')
        .send({
          name: `${tag} P${Math.random().toString(36).slice(2, 6)}`,
          clientId,
          selectedServices: lines.map(([serviceId, quantity]) => ({ serviceId, quantity })),
        })
        .expect(201)
    ).body;
  const balanceOf = async (userId: number) => (await admin.get(`/api/user-credits/${userId}`).expect(200)).body.balance as number;
  const ledgerSum = async (userId: number) =>
    (
      await t.db.query(
        `SELECT coalesce(sum(CASE WHEN type IN ('purchase','adjustment-add') THEN amount ELSE -amount END),0)::int AS s FROM credit_transactions WHERE user_id = $1`,
        [userId],
      )
    )[0].s as number;

  it('pays a project made only of eligible services with credits: Paid, nothing left', async () => {
    const c = await clientWithCredits(10);
    const p = await projectFor(c.id, [
      [eligible, 2],
      [eligibleCheap, 1],
    ]);
    expect(p).toMatchObject({ creditCost: 5, creditsDue: 5, unpaidAmount: 340 });
    const res = await c.agent.post('/api/redeem-credits').send({ projectId: p.id, description: 'Using my credits' }).expect(200);
    expect(res.body).toEqual({ hasRemainingServices: false, remainingBalance: 0, creditBalance: 5 });
    const after = (await c.agent.get(`/api/projects/${p.id}`).expect(200)).body;
    expect(after).toMatchObject({ isPaid: true, unpaidAmount: 0, creditsDue: 0 });
    expect(after.services.every((s: { paidWithCredits: boolean }) => s.paidWithCredits)).toBe(true);
    expect(await ledgerSum(c.id)).toBe(await balanceOf(c.id));
    expect((await admin.get(`/api/credit-projects/${c.id}`).expect(200)).body).toEqual([{ id: p.id, name: p.name }]);
    const tx = (await admin.get('/api/clients-with-credits').expect(200)).body.find((x: { id: number }) => x.id === c.id).transactions[0];
    expect(tx).toMatchObject({ type: 'redemption', amount: 5, projectId: p.id, description: 'Using my credits' });
  });

  it('on a mixed project pays the eligible part; the rest is paid by card for exactly what remains', async () => {
    const c = await clientWithCredits(4);
    const p = await projectFor(c.id, [
      [eligible, 1],
      [moneyOnly, 1],
    ]);
    const services = (await c.agent.get(`/api/project-services-with-credits/${p.id}`).expect(200)).body;
    expect(services).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          serviceId: eligible,
          creditEligible: true,
          isEligible: true,
          creditCost: 2,
          quantity: 1,
          paidWithCredits: false,
        }),
        expect.objectContaining({ serviceId: moneyOnly, creditEligible: false, isEligible: false, paidWithCredits: false }),
      ]),
    );
    const res = await c.agent.post('/api/redeem-credits').send({ projectId: p.id }).expect(200);
    expect(res.body).toEqual({ hasRemainingServices: true, remainingBalance: 120, creditBalance: 2 });
    expect((await c.agent.get(`/api/project-remaining-balance/${p.id}`).expect(200)).body).toEqual({ unpaidAmount: 120, depositDue: null });
    const intent = (await c.agent.post('/api/create-payment-intent').send({ projectId: p.id }).expect(200)).body;
    expect(intent.amount).toBe(120);
    await c.agent
      .post(`/api/payment-emulator/payment_intents/${intent.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    const paid = await c.agent.post('/api/confirm-payment').send({ projectId: p.id, paymentIntentId: intent.paymentIntentId }).expect(200);
    expect(paid.body.project).toMatchObject({ isPaid: true, unpaidAmount: 0 });
    // Redeeming again finds nothing eligible.
    const again = await c.agent.post('/api/redeem-credits').send({ projectId: p.id }).expect(400);
    expect(again.body.message).toBe('No eligible services left to pay with credits');
  });

  it("refuses with 'Insufficient credits' and changes nothing", async () => {
    const c = await clientWithCredits(1);
    const p = await projectFor(c.id, [[eligible, 1]]);
    const res = await c.agent.post('/api/redeem-credits').send({ projectId: p.id }).expect(400);
    expect(res.body.message).toBe('Insufficient credits');
    expect(await balanceOf(c.id)).toBe(1);
    expect((await c.agent.get(`/api/projects/${p.id}`).expect(200)).body).toMatchObject({ isPaid: false, creditsDue: 2 });
  });

  it('refuses a project with no eligible service, a paid one, and other people', async () => {
    const c = await clientWithCredits(10);
    const p = await projectFor(c.id, [[moneyOnly, 1]]);
    expect((await c.agent.post('/api/redeem-credits').send({ projectId: p.id }).expect(400)).body.message).toBe(
      'No eligible services left to pay with credits',
    );
    const paid = await projectFor(c.id, [[eligible, 1]]);
    await admin.patch(`/api/projects/${paid.id}/mark-paid`).send({}).expect(200);
    await c.agent.post('/api/redeem-credits').send({ projectId: paid.id }).expect(400);
    const other = await clientWithCredits(10);
    const theirs = await projectFor(other.id, [[eligible, 1]]);
    await c.agent.post('/api/redeem-credits').send({ projectId: theirs.id }).expect(404);
    await c.agent.get(`/api/project-services-with-credits/${theirs.id}`).expect(404);
    await admin.post('/api/redeem-credits').send({ projectId: theirs.id }).expect(404);
    await t.http().post('/api/redeem-credits').send({ projectId: theirs.id }).expect(401);
    await c.agent.post('/api/redeem-credits').send({ projectId: 'x' }).expect(400);
    expect(await balanceOf(other.id)).toBe(10);
  });

  it('lets exactly one of 20 simultaneous redemptions through when the balance covers one', async () => {
    const c = await clientWithCredits(2);
    const projects = [];
    for (let i = 0; i < 20; i++) projects.push(await projectFor(c.id, [[eligible, 1]]));
    const answers = await Promise.all(projects.map((p) => c.agent.post('/api/redeem-credits').send({ projectId: p.id })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.message === 'Insufficient credits')).toBe(true);
    expect(await balanceOf(c.id)).toBe(0);
    expect(await ledgerSum(c.id)).toBe(0);
    const paidCount = (await c.agent.get(`/api/projects/client/${c.id}`).expect(200)).body.filter(
      (p: { isPaid: boolean }) => p.isPaid,
    ).length;
    expect(paidCount).toBe(1);
  });
});
