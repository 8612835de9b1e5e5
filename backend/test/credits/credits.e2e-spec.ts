import { adminAgent, Agent, clientAgent, contentRange, createTestApp, listParams, TestApp } from '../support/test-app';

describe('Credits, first part: bundles, balances, adjustments (spec §7 "Credits", CONTRACT §4)', () => {
  let t: TestApp;
  let admin: Agent;
  let client: Awaited<ReturnType<typeof clientAgent>>;
  const tag = `bnd${process.pid}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    client = await clientAgent(t, 'credits');
  });
  afterAll(() => t.close());

  const bundle = (over: Record<string, unknown> = {}) => ({
    name: `${tag} Starter`,
    description: '',
    price: 90,
    creditAmount: 10,
    isActive: true,
    ...over,
  });

  it('creates, updates and deletes bundles; clients see only active ones', async () => {
    const created = await admin.post('/api/credit-bundles').send(bundle()).expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: `${tag} Starter`,
      description: '',
      creditAmount: 10,
      price: 90,
      isActive: true,
    });
    const hidden = await admin
      .post('/api/credit-bundles')
      .send(bundle({ name: `${tag} Hidden`, isActive: false, price: '45.50', creditAmount: '5' }))
      .expect(201);
    expect(hidden.body).toMatchObject({ price: 45.5, creditAmount: 5, isActive: false });
    const forClient = (await client.agent.get('/api/credit-bundles').expect(200)).body.map((b: { name: string }) => b.name);
    expect(forClient).toContain(`${tag} Starter`);
    expect(forClient).not.toContain(`${tag} Hidden`);
    const all = await admin.get('/api/credit-bundles/admin').expect(200);
    expect(all.body.map((b: { name: string }) => b.name)).toEqual(expect.arrayContaining([`${tag} Starter`, `${tag} Hidden`]));
    const patched = await admin.patch(`/api/credit-bundles/${hidden.body.id}`).send({ isActive: true, price: 50 }).expect(200);
    expect(patched.body).toMatchObject({ name: `${tag} Hidden`, isActive: true, price: 50, creditAmount: 5 });
    await admin.delete(`/api/credit-bundles/${hidden.body.id}`).expect(204);
    await admin.delete(`/api/credit-bundles/${hidden.body.id}`).expect(404);
    await admin.patch(`/api/credit-bundles/${hidden.body.id}`).send({ price: 60 }).expect(404);
    expect((await client.agent.get('/api/credit-bundles').expect(200)).body.map((b: { id: number }) => b.id)).not.toContain(hidden.body.id);
  });

  it('pages the admin list with a Content-Range', async () => {
    for (const n of [1, 2, 3])
      await admin
        .post('/api/credit-bundles')
        .send(bundle({ name: `${tag}-page ${n}`, price: 10 * n }))
        .expect(201);
    const res = await admin
      .get('/api/credit-bundles/admin')
      .query(listParams(['price', 'DESC'], [0, 1], { q: `${tag}-page` }))
      .expect(200);
    expect(res.body.map((b: { price: number }) => b.price)).toEqual([30, 20]);
    expect(contentRange(res.headers['content-range']).total).toBe(3);
  });

  it.each([
    [{ name: '' }, 'Bundle name is required'],
    [{ name: undefined }, 'Bundle name is required'],
    [{ price: 0 }, 'Price must be at least 1'],
    [{ price: '0.99' }, 'Price must be at least 1'],
    [{ price: '' }, 'Price is required'],
    [{ creditAmount: 0 }, 'Credit amount must be at least 1'],
    [{ creditAmount: 2.5 }, 'Credit amount must be at least 1'],
    [{ creditAmount: 'ten' }, 'Credit amount must be at least 1'],
  ])('refuses a bundle %j with "%s"', async (change, message) => {
    const res = await admin.post('/api/credit-bundles').send(bundle(change)).expect(400);
    expect(res.body.message).toBe(message);
  });

  it('keeps bundle management and client credits to the admin', async () => {
    await client.agent.get('/api/credit-bundles/admin').expect(403);
    await client.agent.get('/api/credit-bundles/usage').expect(403);
    await client.agent.post('/api/credit-bundles').send(bundle()).expect(403);
    await client.agent.patch('/api/credit-bundles/1').send({ price: 1 }).expect(403);
    await client.agent.delete('/api/credit-bundles/1').expect(403);
    await client.agent.get('/api/clients-with-credits').expect(403);
    await client.agent.get(`/api/credit-projects/${client.id}`).expect(403);
    await client.agent.post('/api/credit-adjustments').send({ userId: client.id, amount: 100, type: 'add' }).expect(403);
    await t.http().get('/api/credit-bundles').expect(401);
  });

  it('answers a balance to its client and the admin only', async () => {
    expect((await client.agent.get(`/api/user-credits/${client.id}`).expect(200)).body).toEqual({ userId: client.id, balance: 0 });
    const other = await clientAgent(t, 'nosy');
    await other.agent.get(`/api/user-credits/${client.id}`).expect(404);
    await admin.get(`/api/user-credits/${client.id}`).expect(200);
  });

  it('adds and removes credits on the ledger; a removal above the balance changes nothing', async () => {
    const added = await admin.post('/api/credit-adjustments').send({ userId: client.id, amount: 5, type: 'add' }).expect(201);
    expect(added.body).toMatchObject({ userId: client.id, balance: 5, transaction: { amount: 5, type: 'adjustment-add' } });
    const removed = await admin.post('/api/credit-adjustments').send({ userId: client.id, amount: '2', type: 'remove' }).expect(201);
    expect(removed.body).toMatchObject({ balance: 3, transaction: { amount: 2, type: 'adjustment-remove' } });
    const refused = await admin.post('/api/credit-adjustments').send({ userId: client.id, amount: 4, type: 'remove' }).expect(400);
    expect(refused.body.message).toBe('Cannot remove more credits than the client has (balance: 3)');
    expect((await client.agent.get(`/api/user-credits/${client.id}`).expect(200)).body.balance).toBe(3);
    const [{ sum }] = await t.db.query(
      `SELECT coalesce(sum(CASE WHEN type IN ('purchase', 'adjustment-add') THEN amount ELSE -amount END), 0)::int AS sum FROM credit_transactions WHERE user_id = $1`,
      [client.id],
    );
    expect(sum).toBe(3);
  });

  it.each([
    [{ amount: 0, type: 'add' }, 'Amount must be at least 1'],
    [{ amount: -3, type: 'add' }, 'Amount must be at least 1'],
    [{ amount: 1.5, type: 'add' }, 'Amount must be at least 1'],
    [{ amount: 2, type: 'gift' }, 'Type must be add or remove'],
  ])('refuses the adjustment %j with "%s"', async (body, message) => {
    const res = await admin
      .post('/api/credit-adjustments')
      .send({ userId: client.id, ...body })
      .expect(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 404 for an adjustment of an unknown client', async () => {
    await admin.post('/api/credit-adjustments').send({ userId: 2147483647, amount: 1, type: 'add' }).expect(404);
  });

  it('lists clients with their balance and transactions, newest first', async () => {
    const res = await admin.get('/api/clients-with-credits').expect(200);
    const me = res.body.find((c: { id: number }) => c.id === client.id);
    expect(me).toMatchObject({ username: client.username, email: client.email, creditBalance: 3 });
    expect(me.transactions.map((x: { type: string; amount: number }) => `${x.type}:${x.amount}`)).toEqual([
      'adjustment-remove:2',
      'adjustment-add:5',
    ]);
    expect(res.body.every((c: { id: number }) => typeof c.id === 'number')).toBe(true);
    expect(res.body.some((c: { email: string }) => c.email === 'owner@studio.test')).toBe(false);
  });

  it("keeps the latest 5 transactions per client in the list; the whole history is the client's own call", async () => {
    const other = await clientAgent(t, 'history');
    for (let i = 1; i <= 7; i++) await admin.post('/api/credit-adjustments').send({ userId: other.id, amount: i, type: 'add' }).expect(201);
    const listed = (await admin.get('/api/clients-with-credits').expect(200)).body.find((c: { id: number }) => c.id === other.id);
    expect(listed.creditBalance).toBe(28);
    expect(listed.transactions.map((x: { amount: number }) => x.amount)).toEqual([7, 6, 5, 4, 3]);
    const all = await admin.get(`/api/credit-transactions/${other.id}`).expect(200);
    expect(all.body.map((x: { amount: number }) => x.amount)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(all.body[0]).toEqual(listed.transactions[0]);
    await other.agent.get(`/api/credit-transactions/${other.id}`).expect(403);
    expect((await admin.get('/api/credit-transactions/2147483647').expect(200)).body).toEqual([]);
  });

  it('lists credit projects (none until credits are redeemed) and bundle usage', async () => {
    expect((await admin.get(`/api/credit-projects/${client.id}`).expect(200)).body).toEqual([]);
    const usage = await admin.get('/api/credit-bundles/usage').expect(200);
    expect(typeof usage.body).toBe('object');
  });

  it('backs the ledger rules with database constraints', async () => {
    await expect(t.db.query(`UPDATE user_credits SET balance = -1 WHERE user_id = $1`, [client.id])).rejects.toThrow(/check constraint/);
    await expect(
      t.db.query(`INSERT INTO credit_transactions (user_id, amount, type) VALUES ($1, 0, 'adjustment-add')`, [client.id]),
    ).rejects.toThrow(/check constraint/);
    await t.db.query(`INSERT INTO credit_transactions (user_id, amount, type, stripe_payment_id) VALUES ($1, 1, 'purchase', 'pi_dup')`, [
      client.id,
    ]);
    await expect(
      t.db.query(`INSERT INTO credit_transactions (user_id, amount, type, stripe_payment_id) VALUES ($1, 1, 'purchase', 'pi_dup')`, [
        client.id,
      ]),
    ).rejects.toThrow(/duplicate key/);
    await t.db.query(`DELETE FROM credit_transactions WHERE stripe_payment_id = 'pi_dup'`);
  });
});
