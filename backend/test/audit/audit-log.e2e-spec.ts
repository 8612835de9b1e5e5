import { parse } from 'csv-parse/sync';
import { generate } from 'otplib';
import { adminAgent, Agent, clientAgent, contentRange, createTestApp, listParams, newClient, TestApp } from '../support/test-app';
import { postStripeEvent } from '../support/stripe-events';

const WEBHOOK_SECRET = 'whsec_audit_secret_1';

interface AuditEvent {
  id: number;
  at: string;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  summary: string;
  ip: string | null;
}

/**
 * CONTRACT §8 "Audit log" (decision 0022): each recorded action appears after the real API call, with
 * its actor, target and address; a change that fails or rolls back leaves no event; the list's filters,
 * sort and paging; the CSV export; the admin's alone; and the table refuses UPDATE, DELETE and TRUNCATE.
 */
describe('Activity log (CONTRACT §8)', () => {
  let t: TestApp;
  let admin: Agent;
  let adminId: number;
  let client: Awaited<ReturnType<typeof clientAgent>>;
  const tag = `aud${process.pid}x${Math.random().toString(36).slice(2, 6)}`;
  const ADDRESS = /^(::ffff:)?127\.0\.0\.1$|^::1$/;

  const events = async (filter: Record<string, unknown>, sort?: [string, 'ASC' | 'DESC'], range: [number, number] = [0, 99]) =>
    (
      await admin
        .get('/api/audit-events')
        .query(listParams(sort, range, filter))
        .expect(200)
    ).body as AuditEvent[];
  /** The one event of `action` on this target; fails when there is none or more than one. */
  async function only(action: string, targetId: number | string): Promise<AuditEvent> {
    const found = (await events({ action })).filter((e) => e.targetId === String(targetId));
    expect(found).toHaveLength(1);
    return found[0];
  }

  beforeAll(async () => {
    t = await createTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    admin = await adminAgent(t);
    adminId = (await admin.get('/api/user').expect(200)).body.id;
    client = await clientAgent(t, 'auditee');
  });
  afterAll(() => t.close());

  it('records sign-in, failed sign-in, sign-out, password and e-mail changes, and two-factor on and off, with the account as actor', async () => {
    const c = newClient('auditauth');
    const me = t.agent();
    const id: number = (await me.post('/api/register').send(c).expect(201)).body.id;
    const self = { actorId: id, actorEmail: c.email, targetType: 'client', targetId: String(id), ip: expect.stringMatching(ADDRESS) };
    const mine = async (action: string) => (await events({ action })).filter((e) => e.targetId === String(id));

    await t.http().post('/api/login').send({ email: c.email, password: 'Wrong-pass-1' }).expect(401);
    expect(await mine('auth.login_failed')).toEqual([
      expect.objectContaining({ actorId: null, summary: `Failed sign-in for ${c.email}: a wrong password` }),
    ]);
    await me.post('/api/login').send({ email: c.email, password: c.password }).expect(200);
    expect(await mine('auth.login')).toEqual([expect.objectContaining({ ...self, summary: 'Signed in' })]);

    const { body: setup } = await me.post('/api/2fa/setup').send({ currentPassword: c.password }).expect(200);
    const code = await generate({ secret: setup.secret });
    const { body: codes } = await me.post('/api/2fa/enable').send({ code }).expect(200);
    expect(await mine('auth.2fa_enabled')).toEqual([expect.objectContaining({ ...self, summary: 'Turned on two-factor sign-in' })]);

    const browser = t.agent();
    await browser.post('/api/login').send({ email: c.email, password: c.password }).expect(200);
    await browser.post('/api/login/2fa').send({ code: '000000' }).expect(400);
    await browser.post('/api/login/2fa').send({ code }).expect(200);
    expect((await mine('auth.login_failed')).map((e) => e.summary)).toContain(`Failed sign-in for ${c.email}: a wrong authenticator code`);
    expect((await mine('auth.login')).map((e) => e.summary)).toContain('Signed in with a code from the authenticator app');
    await browser.post('/api/logout').expect(204);
    expect(await mine('auth.logout')).toEqual([expect.objectContaining({ ...self, summary: 'Signed out' })]);

    await me.post('/api/2fa/disable').send({ currentPassword: c.password, code: codes.recoveryCodes[0] }).expect(204);
    expect(await mine('auth.2fa_disabled')).toEqual([
      expect.objectContaining({ ...self, summary: 'Turned off two-factor sign-in with a recovery code' }),
    ]);

    const moved = `moved-${c.email}`;
    await me
      .patch('/api/update-account')
      .send({ username: c.username, email: moved, password: 'Brand-new-pass-2', currentPassword: c.password })
      .expect(200);
    expect(await mine('account.password_changed')).toEqual([expect.objectContaining({ actorId: id, summary: 'Changed the password' })]);
    expect(await mine('account.email_changed')).toEqual([
      expect.objectContaining({ actorId: id, summary: `Changed the e-mail address from ${c.email} to ${moved}` }),
    ]);
    // A refused change (wrong current password) records nothing.
    await me.patch('/api/update-account').send({ username: c.username, email: c.email, currentPassword: 'Not-it-at-all-1' }).expect(400);
    expect(await mine('account.email_changed')).toHaveLength(1);
  });

  it('records each change of the back office with the admin as actor, its target and the address, in a line a person reads', async () => {
    const byAdmin = { actorId: adminId, actorEmail: 'owner@studio.test', ip: expect.stringMatching(ADDRESS) };

    // clients: created by the admin (POST /api/register with the admin's session), updated, deleted
    const c = newClient('auditnew');
    const created = (await admin.post('/api/register').send(c).expect(201)).body;
    expect(await only('client.created', created.id)).toMatchObject({
      ...byAdmin,
      targetType: 'client',
      summary: `Created client "${c.username}" (${c.email})`,
    });
    await admin
      .put(`/api/clients/${created.id}`)
      .send({ username: `${c.username} Renamed`, email: c.email, role: 'client' })
      .expect(200);
    expect((await only('client.updated', created.id)).summary).toBe(
      `Updated client "${c.username} Renamed": name "${c.username}" → "${c.username} Renamed"`,
    );
    await admin.delete(`/api/clients/${created.id}`).expect(204);
    expect(await only('client.deleted', created.id)).toMatchObject({
      ...byAdmin,
      summary: `Deleted client "${c.username} Renamed" (${c.email})`,
    });

    // services
    const service = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Drone`, price: 150, creditEligible: true, creditCost: 2 })
        .expect(201)
    ).body;
    expect(await only('service.created', service.id)).toMatchObject({
      ...byAdmin,
      targetType: 'service',
      summary: `Created service "${tag} Drone" ($150.00)`,
    });
    await admin
      .put(`/api/services/${service.id}`)
      .send({ name: `${tag} Drone`, price: '1234.5', creditEligible: true, creditCost: 2 })
      .expect(200);
    expect((await only('service.updated', service.id)).summary).toBe(`Updated service "${tag} Drone": price $150.00 → $1,234.50`);
    const doomed = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Doomed`, price: 10 })
        .expect(201)
    ).body;
    await admin.delete(`/api/services/${doomed.id}`).expect(204);
    expect((await only('service.deleted', doomed.id)).summary).toBe(`Deleted service "${tag} Doomed"`);

    // projects: created, updated, marked paid (with its manual payment), deleted
    const project = (
      await admin
        .post('/api/projects')
        .send({ name: `${tag} Wedding`, clientId: client.id, price: 0, selectedServices: [{ serviceId: service.id, quantity: 1 }] })
        .expect(201)
    ).body;
    expect(await only('project.created', project.id)).toMatchObject({
      ...byAdmin,
      targetType: 'project',
      summary: `Created project "${tag} Wedding" for ${client.username} ($1,234.50)`,
    });
    await admin
      .put(`/api/projects/${project.id}`)
      .send({ name: `${tag} Wedding day`, clientId: client.id, price: 0, isPaid: false })
      .expect(200);
    expect((await only('project.updated', project.id)).summary).toBe(
      `Updated project "${tag} Wedding day" for ${client.username}: name "${tag} Wedding" → "${tag} Wedding day"`,
    );
    await admin.patch(`/api/projects/${project.id}/mark-paid`).send({ note: 'Cash' }).expect(200);
    expect((await only('project.marked_paid', project.id)).summary).toBe(
      `Marked project "${tag} Wedding day" paid ($1,234.50 recorded by hand)`,
    );
    expect(await only('payment.recorded', project.id)).toMatchObject({
      ...byAdmin,
      summary: `Recorded a manual payment of $1,234.50 for project "${tag} Wedding day" (Cash)`,
    });
    await admin.delete(`/api/projects/${project.id}`).expect(204);
    expect((await only('project.deleted', project.id)).summary).toBe(`Deleted project "${tag} Wedding day" ($1,234.50)`);

    // bundles and credits
    const bundle = (
      await admin
        .post('/api/credit-bundles')
        .send({ name: `${tag} Ten`, price: 90, creditAmount: 10 })
        .expect(201)
    ).body;
    expect((await only('bundle.created', bundle.id)).summary).toBe(`Created bundle "${tag} Ten" (10 credits for $90.00)`);
    await admin.patch(`/api/credit-bundles/${bundle.id}`).send({ isActive: false }).expect(200);
    expect((await only('bundle.updated', bundle.id)).summary).toBe(`Updated bundle "${tag} Ten" (10 credits for $90.00), now inactive`);
    await admin.delete(`/api/credit-bundles/${bundle.id}`).expect(204);
    expect(await only('bundle.deleted', bundle.id)).toMatchObject({ ...byAdmin, targetType: 'bundle' });
    await admin.post('/api/credit-adjustments').send({ userId: client.id, amount: 5, type: 'add' }).expect(201);
    expect(await only('credits.adjusted', client.id)).toMatchObject({
      ...byAdmin,
      targetType: 'client',
      summary: `Added 5 credits to "${client.username}"; balance 5`,
    });

    // the admin's e-mails: a test e-mail, an invitation, a custom e-mail
    await admin
      .post('/api/admin/test-email')
      .send({ email: `${tag}@example.com`, type: 'welcome' })
      .expect(200);
    await admin
      .post('/api/admin/send-client-invitation')
      .send({ email: `${tag}.invitee@example.com`, clientName: 'Ana Lee' })
      .expect(200);
    await admin
      .post('/api/admin/send-custom-email')
      .send({ recipients: [client.email], subject: `${tag} News`, htmlContent: '<p>Hello</p>' })
      .expect(200);
    const mails = await events({ action: 'email.sent', q: tag });
    expect(mails.map((e) => e.summary)).toEqual([
      `Sent the email "${tag} News" to ${client.email}`,
      `Sent an invitation to "Ana Lee" (${tag}.invitee@example.com)`,
      `Sent a test welcome email to ${tag}@example.com`,
    ]);
    expect(mails.every((e) => e.actorId === adminId && e.targetType === 'email' && e.targetId !== null)).toBe(true);
  });

  it("records a client's own actions as theirs, and a card payment the provider's webhook reports with no actor", async () => {
    const buyer = t.agent();
    const signup = newClient('auditbuyer');
    const me = (await buyer.post('/api/register').send(signup).expect(201)).body;
    expect(await only('client.created', me.id)).toMatchObject({
      actorId: me.id,
      actorEmail: signup.email,
      summary: `"${signup.username}" (${signup.email}) signed up`,
    });

    // a redemption: the client spends credits the admin added
    const service = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Prints`, price: 30, creditEligible: true, creditCost: 3 })
        .expect(201)
    ).body;
    const project = (
      await admin
        .post('/api/projects')
        .send({ name: `${tag} Album`, clientId: me.id, price: 0, selectedServices: [{ serviceId: service.id, quantity: 1 }] })
        .expect(201)
    ).body;
    await admin.post('/api/credit-adjustments').send({ userId: me.id, amount: 4, type: 'add' }).expect(201);
    await buyer.post('/api/redeem-credits').send({ projectId: project.id }).expect(200);
    expect(await only('credits.redeemed', project.id)).toMatchObject({
      actorId: me.id,
      actorEmail: signup.email,
      ip: expect.stringMatching(ADDRESS),
      summary: `"${signup.username}" paid 3 credits towards project "${tag} Album", now paid; balance 1`,
    });

    // a card payment of a project, reported by the webhook before the browser's confirmation
    const billed = (
      await admin
        .post('/api/projects')
        .send({ name: `${tag} Portraits`, clientId: me.id, price: 80 })
        .expect(201)
    ).body;
    const intent = (await buyer.post('/api/create-payment-intent').send({ projectId: billed.id }).expect(200)).body;
    await buyer
      .post(`/api/payment-emulator/payment_intents/${intent.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    await webhook(intent.paymentIntentId);
    await buyer.post('/api/confirm-payment').send({ projectId: billed.id, paymentIntentId: intent.paymentIntentId }).expect(200);
    expect(await only('payment.recorded', billed.id)).toMatchObject({
      actorId: null,
      actorEmail: null,
      summary: `Card payment of $80.00 for project "${tag} Portraits" (${intent.paymentIntentId}); project now paid`,
    });

    // a bundle bought by card, credited by the browser's purchase call
    const bundle = (
      await admin
        .post('/api/credit-bundles')
        .send({ name: `${tag} Five`, price: 45, creditAmount: 5 })
        .expect(201)
    ).body;
    const credits = (await buyer.post('/api/create-credit-payment-intent').send({ bundleId: bundle.id, amount: 45 }).expect(200)).body;
    await buyer
      .post(`/api/payment-emulator/payment_intents/${credits.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    await buyer.post('/api/purchase-credits').send({ bundleId: bundle.id, stripePaymentId: credits.paymentIntentId }).expect(200);
    await webhook(credits.paymentIntentId); // already credited: nothing more is recorded
    expect(await only('credits.purchased', me.id)).toMatchObject({
      actorId: me.id,
      summary: `"${signup.username}" bought 5 credits (bundle "${tag} Five") for $45.00 by card (${credits.paymentIntentId}); balance 6`,
    });
  });

  async function webhook(paymentIntentId: string) {
    const object = { id: paymentIntentId, object: 'payment_intent' };
    await postStripeEvent(t, { id: `evt_${paymentIntentId}`, type: 'payment_intent.succeeded', object }, WEBHOOK_SECRET).expect(200);
  }

  it('leaves no event for a refused change, nor for one whose transaction rolls back', async () => {
    const count = async () => Number((await t.db.query(`SELECT count(*) AS n FROM audit_events`))[0].n);
    const before = await count();
    await admin.post('/api/projects').send({ name: '', clientId: client.id, price: 10 }).expect(400);
    await admin
      .post('/api/projects')
      .send({ name: `${tag} Nobody's`, clientId: 999999, price: 10 })
      .expect(400);
    await admin.post('/api/credit-adjustments').send({ userId: client.id, amount: 999, type: 'remove' }).expect(400);
    await client.agent
      .post('/api/services')
      .send({ name: `${tag} Sneaky`, price: 1 })
      .expect(403);
    expect(await count()).toBe(before);

    // A project 'already paid' is inserted and logged, then its manual payment fails: all of it rolls back.
    await t.db.query(`
      CREATE FUNCTION audit_test_refuse_payment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'payments are down'; END $$`);
    await t.db.query(
      `CREATE TRIGGER audit_test_refuse_payment BEFORE INSERT ON payments FOR EACH ROW WHEN (NEW.amount_cents = 424242) EXECUTE FUNCTION audit_test_refuse_payment()`,
    );
    try {
      await admin
        .post('/api/projects')
        .send({ name: `${tag} Rolled back`, clientId: client.id, price: '4242.42', isPaid: true })
        .expect(500);
    } finally {
      await t.db.query(`DROP TRIGGER audit_test_refuse_payment ON payments`);
      await t.db.query(`DROP FUNCTION audit_test_refuse_payment()`);
    }
    expect(await t.db.query(`SELECT id FROM projects WHERE name = $1`, [`${tag} Rolled back`])).toEqual([]);
    expect(await count()).toBe(before);
  });

  it('filters by text, action, actor and dates, sorts by date and pages with Content-Range', async () => {
    const mine = await events({ q: tag.toUpperCase() });
    expect(mine.length).toBeGreaterThan(10);
    expect(mine.every((e) => e.summary.toLowerCase().includes(tag) || e.actorEmail?.includes(tag))).toBe(true);
    // newest first, ties by id; ASC reverses
    const keys = mine.map((e) => [Date.parse(e.at), e.id]);
    expect(keys).toEqual([...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    expect((await events({ q: tag }, ['at', 'ASC'])).map((e) => e.id)).toEqual(mine.map((e) => e.id).reverse());

    const page = await admin
      .get('/api/audit-events')
      .query(listParams(['at', 'DESC'], [1, 2], { q: tag }))
      .expect(200);
    expect(page.body.map((e: AuditEvent) => e.id)).toEqual(mine.slice(1, 3).map((e) => e.id));
    expect(contentRange(page.headers['content-range'])).toEqual({ resource: 'audit-events', start: 1, end: 2, total: mine.length });

    expect((await events({ q: tag, action: 'service.created' })).every((e) => e.action === 'service.created')).toBe(true);
    expect(await events({ q: tag, action: 'service.created' })).toHaveLength(3);
    const byClient = await events({ actorId: client.id });
    expect(byClient.length).toBeGreaterThan(0);
    expect(byClient.every((e) => e.actorId === client.id)).toBe(true);
    // by the actor's e-mail too
    expect((await events({ q: client.email })).some((e) => e.actorId === client.id)).toBe(true);

    // dates: a day alone is that whole day (`to` includes it), read in tz; a date-time is an instant
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await events({ q: tag, from: today, to: today })).toHaveLength(mine.length);
    expect(await events({ q: tag, to: yesterday })).toHaveLength(0);
    expect(await events({ q: tag, from: mine[0].at })).toHaveLength(mine.filter((e) => e.at === mine[0].at).length);
    expect(await events({ q: tag, to: new Date(Date.parse(mine[mine.length - 1].at) - 1).toISOString() })).toHaveLength(0);
    // In Kiritimati (UTC+14) it is already a later day, or the same one: the days are its own
    const kiritimati = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
    expect(await events({ q: tag, from: kiritimati, to: kiritimati, tz: 'Pacific/Kiritimati' })).toHaveLength(mine.length);
    if (kiritimati !== today) expect(await events({ q: tag, from: kiritimati })).toHaveLength(0);
  });

  it.each([
    [{ action: 'project.exploded' }, 'filter action must be one of the recorded actions, e.g. project.created'],
    [{ actorId: 'owner' }, 'filter actorId must be an id'],
    [{ from: '14/03/2026' }, 'filter from must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    [{ to: '2026-02-30' }, 'filter to must be a date (YYYY-MM-DD) or an ISO 8601 date-time'],
    [{ from: '2026-03-14', tz: 'Mars/Olympus' }, 'tz must be a time zone such as Europe/Paris'],
  ])('answers 400 in the house format for the filter %j', async (filter, message) => {
    for (const path of ['/api/audit-events', '/api/audit-events/export.csv']) {
      const res = await admin
        .get(path)
        .query(listParams(undefined, undefined, filter))
        .expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
    }
  });

  it('refuses an unknown sort field', async () => {
    const res = await admin
      .get('/api/audit-events')
      .query(listParams(['summary', 'ASC']))
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'LIST.BAD_PARAMETER', message: 'Cannot sort by summary' });
  });

  it('exports the filtered events as CSV', async () => {
    const listed = await events({ q: tag, action: 'project.created' });
    const res = await admin
      .get('/api/audit-events/export.csv')
      .query(listParams(undefined, undefined, { q: tag, action: 'project.created' }))
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows: string[][] = parse(res.text.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['ID', 'Date', 'Actor ID', 'Actor', 'Action', 'Target Type', 'Target ID', 'Summary', 'IP Address', 'Via']);
    expect(rows.slice(1).map((r) => [Number(r[0]), r[4], r[7], r[3]])).toEqual(
      listed.map((e) => [e.id, e.action, e.summary, e.actorEmail]),
    );
  });

  it("is the admin's alone: a client gets 403, a visitor 401", async () => {
    for (const path of ['/api/audit-events', '/api/audit-events/export.csv']) {
      await client.agent.get(path).expect(403);
      await t.http().get(path).expect(401);
    }
  });

  it('cannot be changed: UPDATE, DELETE and TRUNCATE of audit_events fail in the database', async () => {
    const [{ id }] = await t.db.query(`SELECT id FROM audit_events ORDER BY id DESC LIMIT 1`);
    await expect(t.db.query(`UPDATE audit_events SET summary = 'rewritten' WHERE id = $1`, [id])).rejects.toThrow(
      'audit_events is append-only: UPDATE is not allowed',
    );
    await expect(t.db.query(`DELETE FROM audit_events WHERE id = $1`, [id])).rejects.toThrow(
      'audit_events is append-only: DELETE is not allowed',
    );
    await expect(t.db.query(`TRUNCATE audit_events`)).rejects.toThrow('audit_events is append-only: TRUNCATE is not allowed');
    expect(await t.db.query(`SELECT count(*)::int AS n FROM audit_events WHERE id = $1 AND summary <> 'rewritten'`, [id])).toEqual([
      { n: 1 },
    ]);
  });
});
