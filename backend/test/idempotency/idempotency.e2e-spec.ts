import { requestHash } from '../../src/shared/http/idempotency/request-hash';
import { adminAgent, Agent, clientAgent, createTestApp, TestApp } from '../support/test-app';

/**
 * CONTRACT §14 / §17 (decision 0046): the same Idempotency-Key, the same answer, one effect, on the
 * routes that pay, refund or create. Against the real database: what each answer says and what the
 * tables hold afterwards.
 */
describe('Idempotency-Key', () => {
  let t: TestApp;
  let admin: Agent;
  let owner: Awaited<ReturnType<typeof clientAgent>>;
  let other: Awaited<ReturnType<typeof clientAgent>>;
  const tag = `idem${process.pid}`;
  let n = 0;
  /** A key of this run only. */
  const newKey = () => `${tag}-${++n}-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    owner = await clientAgent(t, 'idemowner');
    other = await clientAgent(t, 'idemother');
  });
  afterAll(async () => {
    await t.close();
  });

  async function project(price = '120', clientId = owner.id): Promise<number> {
    const res = await admin
      .post('/api/projects')
      .send({ name: `${tag} ${Math.random().toString(36).slice(2, 7)}`, clientId, price, selectedServices: [] })
      .expect(201);
    return res.body.id as number;
  }
  const count = async (sql: string, params: unknown[]) => (await t.db.query(sql, params))[0].n as number;
  const paymentsOf = (projectId: number) => count(`SELECT count(*)::int AS n FROM payments WHERE project_id = $1`, [projectId]);
  const refundsOf = (paymentId: number) => count(`SELECT count(*)::int AS n FROM payment_refunds WHERE payment_id = $1`, [paymentId]);
  /** A project marked paid by hand: its manual payment's id. */
  async function manualPayment(price = '120'): Promise<{ projectId: number; paymentId: number }> {
    const projectId = await project(price);
    await admin.patch(`/api/projects/${projectId}/mark-paid`).send({ note: 'Cash' }).expect(200);
    const [row] = await t.db.query(`SELECT id FROM payments WHERE project_id = $1`, [projectId]);
    return { projectId, paymentId: row.id as number };
  }

  it('marks a project paid once: the repeat gets the first answer, replayed, and records no second payment', async () => {
    const id = await project();
    const key = newKey();
    const first = await admin.patch(`/api/projects/${id}/mark-paid`).set('Idempotency-Key', key).send({ note: 'Cash' }).expect(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.body).toMatchObject({ id, isPaid: true });

    const again = await admin.patch(`/api/projects/${id}/mark-paid`).set('Idempotency-Key', key).send({ note: 'Cash' }).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await paymentsOf(id)).toBe(1);
    // Without the key the same call is a new call: the project is already paid.
    const plain = await admin.patch(`/api/projects/${id}/mark-paid`).send({ note: 'Cash' }).expect(409);
    expect(plain.body.code).toBe('PROJECTS.ALREADY_PAID');
    expect(plain.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keys the same body the same whatever its key order or spacing (POST /api/mark-project-as-paid)', async () => {
    const id = await project();
    const key = newKey();
    const first = await admin
      .post('/api/mark-project-as-paid')
      .set('Idempotency-Key', key)
      .set('Content-Type', 'application/json')
      .send(`{"projectId": ${id}, "paymentNote": "Bank transfer"}`)
      .expect(200);
    const again = await admin
      .post('/api/mark-project-as-paid')
      .set('Idempotency-Key', key)
      .set('Content-Type', 'application/json')
      .send(`{ "paymentNote":"Bank transfer","projectId":${id} }`)
      .expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await paymentsOf(id)).toBe(1);
  });

  it('refunds once under one key: one refund row, the same body, the replay header', async () => {
    const { paymentId } = await manualPayment();
    const key = newKey();
    const first = await admin
      .post(`/api/payments/${paymentId}/refunds`)
      .set('Idempotency-Key', key)
      .send({ amount: 20, reason: 'One photo missing' })
      .expect(201);
    const again = await admin
      .post(`/api/payments/${paymentId}/refunds`)
      .set('Idempotency-Key', key)
      .send({ amount: 20, reason: 'One photo missing' })
      .expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await refundsOf(paymentId)).toBe(1);
    const [payment] = await t.db.query(`SELECT refunded_cents FROM payments WHERE id = $1`, [paymentId]);
    expect(Number(payment.refunded_cents)).toBe(2000);
  });

  it('refuses the key with another request (422) and changes nothing', async () => {
    const { paymentId } = await manualPayment();
    const key = newKey();
    await admin.post(`/api/payments/${paymentId}/refunds`).set('Idempotency-Key', key).send({ amount: 10, reason: 'First' }).expect(201);
    const refunds = () => t.db.query(`SELECT id, amount_cents, reason FROM payment_refunds WHERE payment_id = $1 ORDER BY id`, [paymentId]);
    const before = await refunds();

    const other = await admin
      .post(`/api/payments/${paymentId}/refunds`)
      .set('Idempotency-Key', key)
      .send({ amount: 15, reason: 'First' })
      .expect(422);
    expect(other.body).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'This Idempotency-Key was already used for a different request',
      code: 'REQUEST.IDEMPOTENCY_MISMATCH',
      requestId: expect.any(String),
    });
    // The same body to another route (another payment) is another request too.
    const { paymentId: second } = await manualPayment();
    await admin.post(`/api/payments/${second}/refunds`).set('Idempotency-Key', key).send({ amount: 10, reason: 'First' }).expect(422);
    expect(await refundsOf(paymentId)).toBe(1);
    expect(await refundsOf(second)).toBe(0);
    expect(await refunds()).toEqual(before);
    expect(before).toEqual([{ id: expect.any(Number), amount_cents: '1000', reason: 'First' }]);
  });

  it('has one effect when two calls with one key arrive together: one runs, the other gets its answer or 409', async () => {
    const { paymentId } = await manualPayment();
    const key = newKey();
    const send = () =>
      admin.post(`/api/payments/${paymentId}/refunds`).set('Idempotency-Key', key).send({ amount: 30, reason: 'Both at once' });
    const answers = await Promise.all([send(), send(), send()]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const ran = answers.filter((a) => a.status === 201 && a.headers['idempotent-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 201) expect(a.body).toEqual(ran[0].body);
      else
        expect(a.body).toMatchObject({
          message: 'A request with this Idempotency-Key is still being processed',
          code: 'REQUEST.IDEMPOTENCY_IN_PROGRESS',
        });
    }
    expect(await refundsOf(paymentId)).toBe(1);
    // Once it has answered, the key replays.
    const later = await send().expect(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body).toEqual(ran[0].body);
  });

  it('answers 409 while the first call under the key has not answered yet', async () => {
    const id = await project();
    const key = newKey();
    const [{ id: adminId }] = await t.db.query(`SELECT id FROM users WHERE email = 'owner@studio.test'`);
    await t.db.query(
      `INSERT INTO idempotency_keys (principal, key, method, route_path, request_hash) VALUES ($1, $2, 'PATCH', '/api/projects/:id/mark-paid', $3)`,
      [`user:${adminId}`, key, requestHash({ note: 'Cash' }, { id: String(id) })],
    );
    const res = await admin.patch(`/api/projects/${id}/mark-paid`).set('Idempotency-Key', key).send({ note: 'Cash' }).expect(409);
    expect(res.body).toMatchObject({
      statusCode: 409,
      error: 'Conflict',
      message: 'A request with this Idempotency-Key is still being processed',
      code: 'REQUEST.IDEMPOTENCY_IN_PROGRESS',
    });
    expect(await paymentsOf(id)).toBe(0);
  });

  it("keeps keys per caller: another user's same key is a key of their own", async () => {
    const mine = await project('80', owner.id);
    const theirs = await project('90', other.id);
    const key = newKey();
    const a = await owner.agent.post('/api/create-payment-intent').set('Idempotency-Key', key).send({ projectId: mine }).expect(200);
    const b = await other.agent.post('/api/create-payment-intent').set('Idempotency-Key', key).send({ projectId: theirs }).expect(200);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(a.body.amount).toBe(80);
    expect(b.body.amount).toBe(90);
    expect(b.body.paymentIntentId).not.toBe(a.body.paymentIntentId);
    // Each one's repeat replays their own answer.
    const a2 = await owner.agent.post('/api/create-payment-intent').set('Idempotency-Key', key).send({ projectId: mine }).expect(200);
    expect(a2.headers['idempotent-replayed']).toBe('true');
    expect(a2.body).toEqual(a.body);
    const rows = await t.db.query(`SELECT principal FROM idempotency_keys WHERE key = $1 ORDER BY principal`, [key]);
    expect(rows.map((r: { principal: string }) => r.principal).sort()).toEqual([`user:${other.id}`, `user:${owner.id}`].sort());
  });

  it('replays a 400 too: a refusal is the answer to that request', async () => {
    const { paymentId } = await manualPayment('50');
    const key = newKey();
    const first = await admin
      .post(`/api/payments/${paymentId}/refunds`)
      .set('Idempotency-Key', key)
      .send({ amount: 70, reason: 'Too much' })
      .expect(400);
    expect(first.body.code).toBe('PAYMENTS.REFUND_ABOVE_REFUNDABLE');
    const again = await admin
      .post(`/api/payments/${paymentId}/refunds`)
      .set('Idempotency-Key', key)
      .send({ amount: 70, reason: 'Too much' })
      .expect(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    // A validation error (from the pipes, after the key is claimed) is an answer like another.
    const badKey = newKey();
    const invalid = await admin.post('/api/projects').set('Idempotency-Key', badKey).send({ clientId: owner.id }).expect(400);
    const invalidAgain = await admin.post('/api/projects').set('Idempotency-Key', badKey).send({ clientId: owner.id }).expect(400);
    expect(invalidAgain.headers['idempotent-replayed']).toBe('true');
    expect(invalidAgain.body).toEqual(invalid.body);
    expect(await refundsOf(paymentId)).toBe(0);
  });

  it('creates one project under one key (POST /api/projects answers 201 again)', async () => {
    const key = newKey();
    const name = `${tag} once ${Math.random().toString(36).slice(2, 7)}`;
    const body = { name, clientId: owner.id, price: '75', selectedServices: [] };
    const first = await admin.post('/api/projects').set('Idempotency-Key', key).send(body).expect(201);
    const again = await admin.post('/api/projects').set('Idempotency-Key', key).send(body).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count(`SELECT count(*)::int AS n FROM projects WHERE name = $1`, [name])).toBe(1);
  });

  it('refuses an empty key or one over 255 characters (400) and runs nothing', async () => {
    const id = await project();
    for (const key of ['', 'k'.repeat(256)]) {
      const res = await admin.patch(`/api/projects/${id}/mark-paid`).set('Idempotency-Key', key).send({}).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        message: 'Idempotency-Key must be 1 to 255 characters',
        code: 'REQUEST.BAD_IDEMPOTENCY_KEY',
      });
    }
    expect(await paymentsOf(id)).toBe(0);
    await admin.patch(`/api/projects/${id}/mark-paid`).set('Idempotency-Key', 'k'.repeat(255)).send({}).expect(200);
    expect(await paymentsOf(id)).toBe(1);
  });

  it('without the header, calls run as always: each one has its effect', async () => {
    const { paymentId } = await manualPayment();
    const one = await admin.post(`/api/payments/${paymentId}/refunds`).send({ amount: 5, reason: 'x' }).expect(201);
    const two = await admin.post(`/api/payments/${paymentId}/refunds`).send({ amount: 5, reason: 'x' }).expect(201);
    expect(two.body.id).not.toBe(one.body.id);
    expect(one.headers['idempotent-replayed']).toBeUndefined();
    expect(two.headers['idempotent-replayed']).toBeUndefined();
    expect(await refundsOf(paymentId)).toBe(2);
  });

  it('forgets a key after 24 hours, and deletes old keys as new ones are claimed', async () => {
    const id = await project();
    const key = newKey();
    const stale = newKey();
    const [{ id: adminId }] = await t.db.query(`SELECT id FROM users WHERE email = 'owner@studio.test'`);
    const old = `now() - interval '25 hours'`;
    await t.db.query(
      `INSERT INTO idempotency_keys (principal, key, method, route_path, request_hash, status_code, response_body, created_at)
       VALUES ($1, $2, 'POST', '/api/projects', $3, 201, '{"id":1}', ${old}), ($1, $4, 'POST', '/api/projects', $3, 201, '{"id":1}', ${old})`,
      [`user:${adminId}`, key, 'a'.repeat(64), stale],
    );
    // Used again for another request: a new key, not a mismatch.
    await admin.patch(`/api/projects/${id}/mark-paid`).set('Idempotency-Key', key).send({}).expect(200);
    expect(await paymentsOf(id)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1`, [stale])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys WHERE created_at < now() - interval '24 hours'`, [])).toBe(0);
  });

  it('takes the key on the card payment routes and the bundle purchase intent too', async () => {
    const id = await project('60');
    const key = newKey();
    const first = await owner.agent.post('/api/create-payment-intent').set('Idempotency-Key', key).send({ projectId: id }).expect(200);
    const again = await owner.agent.post('/api/create-payment-intent').set('Idempotency-Key', key).send({ projectId: id }).expect(200);
    expect(again.body).toEqual(first.body);
    expect(await count(`SELECT count(*)::int AS n FROM card_payment_intents WHERE project_id = $1`, [id])).toBe(1);
    const confirmKey = newKey();
    const confirm = { projectId: id, paymentIntentId: first.body.paymentIntentId };
    await owner.agent
      .post(`/api/payment-emulator/payment_intents/${first.body.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    const paid = await owner.agent.post('/api/confirm-payment').set('Idempotency-Key', confirmKey).send(confirm).expect(200);
    const paidAgain = await owner.agent.post('/api/confirm-payment').set('Idempotency-Key', confirmKey).send(confirm).expect(200);
    expect(paidAgain.headers['idempotent-replayed']).toBe('true');
    expect(paidAgain.body).toEqual(paid.body);
    expect(await paymentsOf(id)).toBe(1);

    const bundle = await admin
      .post('/api/credit-bundles')
      .send({ name: `${tag} bundle`, price: 25, creditAmount: 5 })
      .expect(201);
    const bundleKey = newKey();
    const intent = await owner.agent
      .post('/api/create-credit-payment-intent')
      .set('Idempotency-Key', bundleKey)
      .send({ bundleId: bundle.body.id })
      .expect(200);
    const intentAgain = await owner.agent
      .post('/api/create-credit-payment-intent')
      .set('Idempotency-Key', bundleKey)
      .send({ bundleId: bundle.body.id })
      .expect(200);
    expect(intentAgain.headers['idempotent-replayed']).toBe('true');
    expect(intentAgain.body).toEqual(intent.body);
  });
});

describe('Idempotency-Key when the call fails on the server side', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_down',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_down',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => t.close());

  it('lets the key go after a 5xx, so the same call may be tried again with it', async () => {
    const admin = await adminAgent(t);
    const owner = await clientAgent(t, 'idemdown');
    const { body } = await admin
      .post('/api/projects')
      .send({ name: 'Unreachable card provider', clientId: owner.id, price: '10', selectedServices: [] })
      .expect(201);
    const key = `down-${process.pid}`;
    for (let i = 0; i < 2; i++) {
      const res = await owner.agent.post('/api/create-payment-intent').set('Idempotency-Key', key).send({ projectId: body.id }).expect(503);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      expect(res.body.code).toBe('PAYMENTS.PROVIDER_UNAVAILABLE');
      expect(await t.db.query(`SELECT 1 FROM idempotency_keys WHERE key = $1`, [key])).toHaveLength(0);
    }
  });
});
