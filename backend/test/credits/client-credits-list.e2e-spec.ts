import { adminAgent, Agent, clientAgent, contentRange, createTestApp, TestApp } from '../support/test-app';

/**
 * The admin's Client Credits list (GET /api/clients-with-credits): server-side search on name or e-mail
 * and paging with range=[start,end] / Content-Range, the whole list without a range as before.
 */
describe('Client Credits list: search and paging', () => {
  let t: TestApp;
  let admin: Agent;
  // Letters only, so that the tag itself is no LIKE pattern; unique per run.
  const tag = `ccl${process.pid}${Math.random().toString(36).slice(2, 6).replace(/\d/g, 'q')}`;
  const range = (start: number, end: number) => JSON.stringify([start, end]);
  type Listed = {
    id: number;
    username: string;
    email: string;
    creditBalance: number;
    transactions: Array<{ amount: number; type: string }>;
  };
  const names = (body: Listed[]) => body.map((c) => c.username);

  /** Tagged clients, inserted in an order unlike the name order; mixed case to check the case-insensitive order. */
  const clients: Array<[string, string]> = [
    [`${tag} Zoe`, `${tag}.z@example.com`],
    [`${tag} amy`, `${tag}.a@example.com`],
    [`${tag} Bob`, `inbox.${tag}.SECRETMAIL@example.com`],
    [`${tag} 50% off`, `${tag}.p@example.com`],
    [`${tag} 50x off`, `${tag}.x@example.com`],
    [`${tag} under_score`, `${tag}.u@example.com`],
    [`${tag} underXscore`, `${tag}.v@example.com`],
    [`${tag} Carl`, `${tag}.c@example.com`],
  ];
  const ids = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    for (const [username, email] of clients) {
      const [row] = await t.db.query(
        `INSERT INTO users (username, email, password_hash, role) VALUES ($1, $2, 'x', 'client') RETURNING id`,
        [username, email],
      );
      ids.set(username, row.id);
    }
    // Neither an admin nor a removed account is listed.
    await t.db.query(`INSERT INTO users (username, email, password_hash, role) VALUES ($1, $2, 'x', 'admin')`, [
      `${tag} Admin`,
      `${tag}.admin@example.com`,
    ]);
    await t.db.query(`INSERT INTO users (username, email, password_hash, role, deleted_at) VALUES ($1, $2, 'x', 'client', now())`, [
      `${tag} Gone`,
      `${tag}.gone@example.com`,
    ]);
    // Amy has 7 adjustments (balance 28): the list carries her latest 5.
    for (let i = 1; i <= 7; i++)
      await admin
        .post('/api/credit-adjustments')
        .send({ userId: ids.get(`${tag} amy`), amount: i, type: 'add' })
        .expect(201);
  });
  afterAll(() => t.close());

  /** The tagged clients in the expected order: by lower-cased name, then id. */
  const ordered = () =>
    clients
      .map(([username]) => ({ username, id: ids.get(username)! }))
      .sort((a, b) =>
        a.username.toLowerCase() < b.username.toLowerCase() ? -1 : a.username.toLowerCase() > b.username.toLowerCase() ? 1 : a.id - b.id,
      )
      .map((c) => c.username);

  it('without a range answers the whole list as before: every client in name order, no Content-Range', async () => {
    const res = await admin.get('/api/clients-with-credits').expect(200);
    expect(res.headers['content-range']).toBeUndefined();
    const expected: Array<{ id: number }> = await t.db.query(
      `SELECT id FROM users WHERE role = 'client' AND deleted_at IS NULL ORDER BY lower(username), id`,
    );
    expect(res.body.map((c: Listed) => c.id)).toEqual(expected.map((r) => r.id));
    const amy = res.body.find((c: Listed) => c.id === ids.get(`${tag} amy`));
    expect(amy).toEqual({
      id: ids.get(`${tag} amy`),
      username: `${tag} amy`,
      email: `${tag}.a@example.com`,
      creditBalance: 28,
      transactions: expect.any(Array),
    });
    expect(amy.transactions.map((x: { amount: number }) => x.amount)).toEqual([7, 6, 5, 4, 3]);
    expect(Object.keys(amy.transactions[0]).sort()).toEqual([
      'amount',
      'bundleId',
      'description',
      'id',
      'projectId',
      'transactionDate',
      'type',
    ]);
    expect(amy.transactions[0]).toMatchObject({
      id: expect.any(Number),
      amount: 7,
      type: 'adjustment-add',
      bundleId: null,
      projectId: null,
      transactionDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const full = await admin.get(`/api/credit-transactions/${ids.get(`${tag} amy`)}`).expect(200);
    expect(full.body.slice(0, 5)).toEqual(amy.transactions);
    const zoe = res.body.find((c: Listed) => c.id === ids.get(`${tag} Zoe`));
    expect(zoe).toMatchObject({ creditBalance: 0, transactions: [] });
    expect(names(res.body)).not.toContain(`${tag} Admin`);
    expect(names(res.body)).not.toContain(`${tag} Gone`);
  });

  it('a search without a range answers every match, in name order, without Content-Range', async () => {
    const res = await admin.get('/api/clients-with-credits').query({ q: tag }).expect(200);
    expect(res.headers['content-range']).toBeUndefined();
    expect(names(res.body)).toEqual(ordered());
  });

  it('pages with range=[start,end] and answers the total in Content-Range', async () => {
    const all = ordered();
    const first = await admin
      .get('/api/clients-with-credits')
      .query({ q: tag, range: range(0, 2) })
      .expect(200);
    expect(names(first.body)).toEqual(all.slice(0, 3));
    expect(first.headers['content-range']).toBe(`clients-with-credits 0-2/${all.length}`);
    expect(first.headers['access-control-expose-headers']).toMatch(/Content-Range/);
    const second = await admin
      .get('/api/clients-with-credits')
      .query({ q: tag, range: range(3, 5) })
      .expect(200);
    expect(names(second.body)).toEqual(all.slice(3, 6));
    const last = await admin
      .get('/api/clients-with-credits')
      .query({ q: tag, range: range(6, 24) })
      .expect(200);
    expect(names(last.body)).toEqual(all.slice(6));
    expect(contentRange(last.headers['content-range'])).toEqual({
      resource: 'clients-with-credits',
      start: 6,
      end: all.length - 1,
      total: all.length,
    });
    const reversed = await admin
      .get('/api/clients-with-credits')
      .query({ q: tag, sort: JSON.stringify(['username', 'DESC']), range: range(0, 24) })
      .expect(200);
    expect(names(reversed.body)).toEqual([...all].reverse());
    const past = await admin
      .get('/api/clients-with-credits')
      .query({ q: tag, range: range(50, 74) })
      .expect(200);
    expect(past.body).toEqual([]);
    expect(contentRange(past.headers['content-range']).total).toBe(all.length);
  });

  it('pages the whole list too: the pages put together are the unpaged list', async () => {
    const whole = (await admin.get('/api/clients-with-credits').expect(200)).body as Listed[];
    const first = await admin
      .get('/api/clients-with-credits')
      .query({ range: range(0, 24) })
      .expect(200);
    expect(contentRange(first.headers['content-range']).total).toBe(whole.length);
    const pages: Listed[] = [];
    for (let start = 0; start < whole.length; start += 25) {
      pages.push(
        ...(
          await admin
            .get('/api/clients-with-credits')
            .query({ range: range(start, start + 24) })
            .expect(200)
        ).body,
      );
    }
    expect(pages).toEqual(whole);
  });

  it('searches names and e-mails case-insensitively, trimmed', async () => {
    const byName = await admin
      .get('/api/clients-with-credits')
      .query({ q: `  ${tag.toUpperCase()} AMY `, range: range(0, 24) })
      .expect(200);
    expect(names(byName.body)).toEqual([`${tag} amy`]);
    expect(contentRange(byName.headers['content-range']).total).toBe(1);
    const byEmail = await admin
      .get('/api/clients-with-credits')
      .query({ q: `${tag}.secretmail`, range: range(0, 24) })
      .expect(200);
    expect(names(byEmail.body)).toEqual([`${tag} Bob`]);
    const none = await admin
      .get('/api/clients-with-credits')
      .query({ q: `${tag} nobody`, range: range(0, 24) })
      .expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('clients-with-credits 0-0/0');
    // The react-admin form of the same search.
    const viaFilter = await admin
      .get('/api/clients-with-credits')
      .query({ filter: JSON.stringify({ q: `${tag} BOB` }), range: range(0, 24) })
      .expect(200);
    expect(names(viaFilter.body)).toEqual([`${tag} Bob`]);
  });

  it('takes % and _ in a search literally', async () => {
    const percent = await admin
      .get('/api/clients-with-credits')
      .query({ q: `${tag} 50%` })
      .expect(200);
    expect(names(percent.body)).toEqual([`${tag} 50% off`]);
    const underscore = await admin.get('/api/clients-with-credits').query({ q: 'under_score' }).expect(200);
    expect(names(underscore.body)).toContain(`${tag} under_score`);
    expect(names(underscore.body)).not.toContain(`${tag} underXscore`);
    expect(
      (
        await admin
          .get('/api/clients-with-credits')
          .query({ q: `${tag}\\` })
          .expect(200)
      ).body,
    ).toEqual([]);
    const mine = (body: Listed[]) => names(body).filter((n) => n.startsWith(tag));
    expect(mine((await admin.get('/api/clients-with-credits').query({ q: '%' }).expect(200)).body)).toEqual([`${tag} 50% off`]);
  });

  it('accepts a search of 200 characters (after trimming) and an empty or blank one', async () => {
    await admin
      .get('/api/clients-with-credits')
      .query({ q: `  ${'a'.repeat(200)}  `, range: range(0, 24) })
      .expect(200);
    const blank = await admin
      .get('/api/clients-with-credits')
      .query({ q: '   ', range: range(0, 0) })
      .expect(200);
    const unsearched = await admin
      .get('/api/clients-with-credits')
      .query({ range: range(0, 0) })
      .expect(200);
    expect(blank.headers['content-range']).toBe(unsearched.headers['content-range']);
  });

  it.each([
    [{ q: 'a'.repeat(201) }, 'q must be at most 200 characters'],
    ['q=a&q=b', 'q must be text'],
    ['q=a%00b', 'Text must not contain NUL characters or broken Unicode (unpaired surrogates).'],
    [{ filter: JSON.stringify({ q: 'a'.repeat(201) }) }, 'filter q must be at most 200 characters'],
    [{ filter: JSON.stringify({ q: ['a'] }) }, 'filter q must be text'],
    [{ range: '[5,2]' }, 'range must be [start,end] with 0 ≤ start ≤ end'],
    [{ range: '[-1,3]' }, 'range must be [start,end] with 0 ≤ start ≤ end'],
    [{ range: '[0]' }, 'range must be [start,end] with 0 ≤ start ≤ end'],
    [{ range: '[0,"9"]' }, 'range must be [start,end] with 0 ≤ start ≤ end'],
    [{ range: 'nope' }, 'range must be JSON'],
    [{ sort: JSON.stringify(['email', 'ASC']) }, 'Cannot sort by email'],
    [{ filter: '[1]' }, 'filter must be a JSON object'],
  ])('refuses %j with 400 "%s"', async (query, message) => {
    const res = await admin
      .get(`/api/clients-with-credits${typeof query === 'string' ? `?${query}` : ''}`)
      .query(typeof query === 'string' ? {} : query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, message });
  });

  it('is for the admin only: a client gets 403, a visitor 401', async () => {
    const client = await clientAgent(t, 'cclnosy');
    await client.agent.get('/api/clients-with-credits').expect(403);
    await client.agent
      .get('/api/clients-with-credits')
      .query({ q: tag, range: range(0, 24) })
      .expect(403);
    await t.http().get('/api/clients-with-credits').expect(401);
    await t
      .http()
      .get('/api/clients-with-credits')
      .query({ q: tag, range: range(0, 24) })
      .expect(401);
  });
});
