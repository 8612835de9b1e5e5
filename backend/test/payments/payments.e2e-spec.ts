import { parse } from 'csv-parse/sync';
import { adminAgent, Agent, clientAgent, contentRange, createTestApp, listParams, TestApp } from '../support/test-app';

describe('Payment History, CSV export and the dashboard (spec §2, CONTRACT §3)', () => {
  let t: TestApp;
  let admin: Agent;
  let client: Awaited<ReturnType<typeof clientAgent>>;
  const tag = `pay${process.pid}`;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    client = await clientAgent(t, 'payer');
    for (const [name, price] of [
      ['Alpha', '150'],
      ['Beta', '75.25'],
      ['Gamma', '1200'],
    ] as const) {
      const { body } = await admin
        .post('/api/projects')
        .send({ name: `${tag} ${name}`, clientId: client.id, price, selectedServices: [] })
        .expect(201);
      await admin
        .patch(`/api/projects/${body.id}/mark-paid`)
        .send({ note: `${name} note` })
        .expect(200);
      ids.push(body.id);
    }
    // Put Gamma's payment on a known day, 23:30 UTC on 2026-03-14 = 00:30 on 2026-03-15 in Paris.
    await t.db.query(`UPDATE payments SET payment_date = '2026-03-14T23:30:00Z' WHERE project_id = $1`, [ids[2]]);
  });
  afterAll(() => t.close());

  it('is for the admin only', async () => {
    for (const path of ['/api/payments', '/api/payments/summary', '/api/payments/export.csv', '/api/dashboard']) {
      await client.agent.get(path).expect(403);
      await t.http().get(path).expect(401);
    }
  });

  it('lists newest first with project, client, method and status; Oldest First reverses', async () => {
    const res = await admin
      .get('/api/payments')
      .query(listParams(['paymentDate', 'DESC'], [0, 9], { q: tag }))
      .expect(200);
    expect(res.body.map((p: { projectName: string }) => p.projectName)).toEqual([`${tag} Beta`, `${tag} Alpha`, `${tag} Gamma`]);
    expect(res.body[0]).toMatchObject({
      clientName: client.username,
      amount: 75.25,
      method: 'Manual',
      status: 'completed',
      note: 'Beta note',
    });
    expect(contentRange(res.headers['content-range']).total).toBe(3);
    const oldest = await admin
      .get('/api/payments')
      .query(listParams(['paymentDate', 'ASC'], [0, 9], { q: tag }))
      .expect(200);
    expect(oldest.body.map((p: { projectName: string }) => p.projectName)).toEqual([`${tag} Gamma`, `${tag} Alpha`, `${tag} Beta`]);
  });

  it('the unfiltered total is the number of payments, through new payments, bulk inserts and deletions', async () => {
    const count = async () => Number((await t.db.query(`SELECT count(*) AS n FROM payments`))[0].n);
    const total = async () =>
      contentRange(
        (
          await admin
            .get('/api/payments')
            .query(listParams(['paymentDate', 'DESC'], [0, 4]))
            .expect(200)
        ).headers['content-range'],
      ).total;
    expect(await total()).toBe(await count());
    const counted = await clientAgent(t, 'counted');
    const { body } = await admin
      .post('/api/projects')
      .send({ name: `Count check ${process.pid}`, clientId: counted.id, price: '20', selectedServices: [] })
      .expect(201);
    await admin.patch(`/api/projects/${body.id}/mark-paid`).send({}).expect(200);
    expect(await total()).toBe(await count());
    await t.db.query(
      `INSERT INTO payments (project_id, amount_cents, status, note) SELECT $1, 100, 'failed', 'bulk ' || g FROM generate_series(1, 12) g`,
      [body.id],
    );
    expect(await total()).toBe(await count());
    await t.db.query(`DELETE FROM payments WHERE project_id = $1 AND note LIKE 'bulk %'`, [body.id]);
    expect(await total()).toBe(await count());
  });

  it('searches by project name, client name or amount text', async () => {
    const byAmount = await admin
      .get('/api/payments')
      .query(listParams(undefined, [0, 99], { q: '75.25' }))
      .expect(200);
    expect(byAmount.body.map((p: { projectName: string }) => p.projectName)).toContain(`${tag} Beta`);
    const byClient = await admin
      .get('/api/payments')
      .query(listParams(undefined, [0, 99], { q: client.username.toUpperCase() }))
      .expect(200);
    expect(byClient.body).toHaveLength(3);
  });

  it("filters a single day in the admin's time zone", async () => {
    const paris = await admin
      .get('/api/payments')
      .query(listParams(undefined, [0, 9], { q: tag, day: '2026-03-15', tz: 'Europe/Paris' }))
      .expect(200);
    expect(paris.body.map((p: { projectName: string }) => p.projectName)).toEqual([`${tag} Gamma`]);
    const utc = await admin
      .get('/api/payments')
      .query(listParams(undefined, [0, 9], { q: tag, day: '2026-03-15' }))
      .expect(200);
    expect(utc.body).toHaveLength(0);
    await admin
      .get('/api/payments')
      .query(listParams(undefined, undefined, { day: '15/03/2026' }))
      .expect(400);
    await admin
      .get('/api/payments')
      .query(listParams(undefined, undefined, { day: '2026-03-15', tz: 'Mars/Olympus' }))
      .expect(400);
  });

  it('sums the filtered payments for the Total Revenue card', async () => {
    const res = await admin
      .get('/api/payments/summary')
      .query(listParams(undefined, undefined, { q: tag }))
      .expect(200);
    expect(res.body).toEqual({ total: 1425.25, count: 3 });
  });

  it('exports the filtered payments as a CSV file, in the order shown', async () => {
    const res = await admin
      .get('/api/payments/export.csv')
      .query(listParams(['paymentDate', 'DESC'], [0, 0], { q: tag }))
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows: string[][] = parse(res.text.replace(/^\uFEFF/, ''));
    // The headers name the studio's currency (CONTRACT §13, decision 0042); the cells stay plain numbers.
    expect(rows[0]).toEqual(['ID', 'Date', 'Project', 'Client', 'Amount (USD)', 'Refunded (USD)', 'Payment Method', 'Status', 'Note']);
    expect(rows.slice(1).map((r) => [r[2], r[3], r[4], r[5], r[6], r[7], r[8]])).toEqual([
      [`${tag} Beta`, client.username, '75.25', '0.00', 'Manual', 'completed', 'Beta note'],
      [`${tag} Alpha`, client.username, '150.00', '0.00', 'Manual', 'completed', 'Alpha note'],
      [`${tag} Gamma`, client.username, '1200.00', '0.00', 'Manual', 'completed', 'Gamma note'],
    ]);
  });

  it('keeps a formula-looking name from running in a spreadsheet', async () => {
    const { body } = await admin
      .post('/api/projects')
      .send({ name: '=HYPERLINK("x")', clientId: client.id, price: 1, selectedServices: [] })
      .expect(201);
    await admin.patch(`/api/projects/${body.id}/mark-paid`).send({}).expect(200);
    const res = await admin
      .get('/api/payments/export.csv')
      .query(listParams(undefined, undefined, { q: 'HYPERLINK' }))
      .expect(200);
    const rows: string[][] = parse(res.text.replace(/^\uFEFF/, ''));
    expect(rows[1][2]).toBe(`'=HYPERLINK("x")`);
  });

  it('computes the dashboard: month revenue, pending amounts, active clients, 5 newest activities', async () => {
    const before = (await admin.get('/api/dashboard').query({ tz: 'Europe/Paris' }).expect(200)).body;
    const { body: due } = await admin
      .post('/api/projects')
      .send({ name: `${tag} Pending`, clientId: client.id, price: '40', selectedServices: [] })
      .expect(201);
    const after = (await admin.get('/api/dashboard').query({ tz: 'Europe/Paris' }).expect(200)).body;
    expect(after.pending.amount).toBeCloseTo(before.pending.amount + 40, 2);
    expect(after.pending.count).toBe(before.pending.count + 1);
    await admin.patch(`/api/projects/${due.id}/mark-paid`).send({}).expect(200);
    const paid = (await admin.get('/api/dashboard').query({ tz: 'Europe/Paris' }).expect(200)).body;
    expect(paid.revenue.amount).toBeCloseTo(after.revenue.amount + 40, 2);
    expect(paid.revenue.count).toBe(after.revenue.count + 1);
    expect(paid.revenue.month).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    expect(paid.pending.count).toBe(before.pending.count);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'client' AND deleted_at IS NULL`);
    expect(paid.activeClients).toEqual({ count: n, newThisMonth: n });
    expect(paid.recentActivity).toHaveLength(5);
    expect(paid.recentActivity[0]).toMatchObject({ type: 'payment', title: 'Payment received', amount: 40 });
    const stamps = paid.recentActivity.map((a: { timestamp: string }) => a.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    // The same payment dated in last month no longer counts as this month's revenue.
    await t.db.query(`UPDATE payments SET payment_date = now() - interval '40 days' WHERE project_id = $1`, [due.id]);
    const moved = (await admin.get('/api/dashboard').query({ tz: 'Europe/Paris' }).expect(200)).body;
    expect(moved.revenue.amount).toBeCloseTo(paid.revenue.amount - 40, 2);
    await admin.get('/api/dashboard').query({ tz: 'Nowhere/Land' }).expect(400);
  });

  it('answers the public configuration to anyone', async () => {
    expect((await t.http().get('/api/public-config').expect(200)).body).toEqual({
      bookingUrl: null,
      paymentMode: 'emulator',
      stripePublishableKey: null,
    });
  });
});
