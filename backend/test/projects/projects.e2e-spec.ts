import { adminAgent, Agent, clientAgent, contentRange, createTestApp, eventually, listParams, TestApp } from '../support/test-app';

describe('Projects (spec §7 "Projects", CONTRACT §2-§3)', () => {
  let t: TestApp;
  let admin: Agent;
  let owner: Awaited<ReturnType<typeof clientAgent>>;
  let stranger: Awaited<ReturnType<typeof clientAgent>>;
  let aerial: number;
  let twilight: number;
  const tag = `prj${process.pid}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    owner = await clientAgent(t, 'owner');
    stranger = await clientAgent(t, 'stranger');
    aerial = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Aerial`, description: 'Drone shots of the home', price: 150, creditEligible: true, creditCost: 2 })
        .expect(201)
    ).body.id;
    twilight = (
      await admin
        .post('/api/services')
        .send({ name: `${tag} Twilight`, price: '99.50' })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  const project = (over: Record<string, unknown> = {}) => ({
    name: `${tag} Harbour Lane`,
    clientId: String(owner.id),
    thumbnailUrl: 'https://images.example.com/harbour.jpg',
    downloadLink: 'https://files.example.com/harbour.zip',
    photoCount: 40,
    isPaid: false,
    price: 1,
    selectedServices: [
      { serviceId: aerial, quantity: 2 },
      { serviceId: twilight, quantity: 1 },
    ],
    ...over,
  });

  it('creates a project priced by the server from its lines, and e-mails the client', async () => {
    const res = await admin.post('/api/projects').send(project()).expect(201);
    expect(res.body).toMatchObject({
      name: `${tag} Harbour Lane`,
      clientId: owner.id,
      clientName: owner.username,
      price: 399.5,
      isPaid: false,
      amountPaid: 0,
      unpaidAmount: 399.5,
      creditCost: 4,
      photoCount: 40,
    });
    expect(res.body.services).toEqual([
      expect.objectContaining({ serviceId: aerial, quantity: 2, price: 150, lineTotal: 300, creditEligible: true, creditCost: 2 }),
      expect.objectContaining({ serviceId: twilight, quantity: 1, price: 99.5, lineTotal: 99.5 }),
    ]);
    const mail = await t.smtp.waitFor((m) => m.to.includes(owner.email) && m.subject.includes(`${tag} Harbour Lane`));
    expect(mail.subject).toBe(`Your new project: ${tag} Harbour Lane`);
    expect(mail.text).toContain('$399.50');
    expect(mail.html).toContain('http://portal.test/projects');
  });

  it("shows a client their own projects without the download link until paid; another client's are 404", async () => {
    const { body: p } = await admin
      .post('/api/projects')
      .send(project({ name: `${tag} Private` }))
      .expect(201);
    const mine = await owner.agent.get(`/api/projects/client/${owner.id}`).expect(200);
    const seen = mine.body.find((x: { id: number }) => x.id === p.id);
    expect(seen).toMatchObject({ isPaid: false, downloadLink: null, price: 399.5 });
    await owner.agent.get(`/api/projects/${p.id}`).expect(200);
    await owner.agent.get(`/api/projects/${p.id}/services`).expect(200);
    await stranger.agent.get(`/api/projects/${p.id}`).expect(404);
    await stranger.agent.get(`/api/projects/${p.id}/services`).expect(404);
    await stranger.agent.get(`/api/projects/client/${owner.id}`).expect(404);
    await stranger.agent.post(`/api/mark-project-as-paid/${p.id}`).expect(404);
    await owner.agent.get('/api/projects').expect(403);
    await owner.agent.post('/api/projects').send(project()).expect(403);
    await owner.agent.put(`/api/projects/${p.id}`).send(project()).expect(403);
    await owner.agent.delete(`/api/projects/${p.id}`).expect(403);
    await owner.agent.patch(`/api/projects/${p.id}/mark-paid`).send({}).expect(403);
    await owner.agent.post('/api/mark-project-as-paid').send({ projectId: p.id }).expect(403);
    await owner.agent.post(`/api/projects/${p.id}/add-service`).send({ serviceId: aerial, quantity: 1 }).expect(403);
    await t.http().get(`/api/projects/client/${owner.id}`).expect(401);
  });

  it('marks paid: a manual payment of what is owed, then the client sees Paid and the link; twice is a 409', async () => {
    const { body: p } = await admin
      .post('/api/projects')
      .send(project({ name: `${tag} To pay` }))
      .expect(201);
    const paid = await admin.patch(`/api/projects/${p.id}/mark-paid`).send({ note: 'Paid in cash' }).expect(200);
    expect(paid.body).toMatchObject({ isPaid: true, amountPaid: 399.5, unpaidAmount: 0 });
    const again = await admin.patch(`/api/projects/${p.id}/mark-paid`).send({}).expect(409);
    expect(again.body.message).toBe('This project is already paid');
    await admin.post('/api/mark-project-as-paid').send({ projectId: p.id }).expect(409);
    const payments = await admin.get('/api/payments').expect(200);
    const rows = payments.body.filter((x: { projectId: number }) => x.projectId === p.id);
    expect(rows).toEqual([
      expect.objectContaining({ amount: 399.5, status: 'completed', note: 'Paid in cash', method: 'Manual', stripePaymentId: null }),
    ]);
    const mine = await owner.agent.get(`/api/projects/${p.id}`).expect(200);
    expect(mine.body).toMatchObject({ isPaid: true, downloadLink: 'https://files.example.com/harbour.zip' });
  });

  it('POST /api/mark-project-as-paid uses the default note', async () => {
    const { body: p } = await admin
      .post('/api/projects')
      .send(project({ name: `${tag} Body call` }))
      .expect(201);
    await admin.post('/api/mark-project-as-paid').send({ projectId: p.id, paymentNote: '' }).expect(200);
    const payments = await admin
      .get('/api/payments')
      .query(listParams(undefined, [0, 10], { q: `${tag} Body call` }))
      .expect(200);
    expect(payments.body[0]).toMatchObject({ note: 'Marked as paid by admin', amount: 399.5 });
  });

  it("'Mark as Already Paid' on create records the payment; the owner's own mark-paid needs nothing owed", async () => {
    const { body: p } = await admin
      .post('/api/projects')
      .send(project({ name: `${tag} Prepaid`, isPaid: true }))
      .expect(201);
    expect(p).toMatchObject({ isPaid: true, amountPaid: 399.5 });
    const { body: due } = await admin
      .post('/api/projects')
      .send(project({ name: `${tag} Owes` }))
      .expect(201);
    const refused = await owner.agent.post(`/api/mark-project-as-paid/${due.id}`).expect(400);
    expect(refused.body.message).toBe('This project still has $399.50 to pay');
    const { body: free } = await admin
      .post('/api/projects')
      .send(project({ name: `${tag} Free`, selectedServices: [], price: 0 }))
      .expect(201);
    expect((await owner.agent.post(`/api/mark-project-as-paid/${free.id}`).expect(200)).body.isPaid).toBe(true);
  });

  it('edits: lines replace lines, the price follows, a paid project stays paid until it owes more', async () => {
    const { body: p } = await admin
      .post('/api/projects')
      .send(project({ name: `${tag} Edit me` }))
      .expect(201);
    const res = await admin
      .put(`/api/projects/${p.id}`)
      .send({
        ...project({ name: `${tag} Edited`, selectedServices: [{ serviceId: twilight, quantity: 3 }] }),
        id: p.id,
        date: '2020-01-01',
      })
      .expect(200);
    expect(res.body).toMatchObject({ name: `${tag} Edited`, price: 298.5, creditCost: 0 });
    expect(res.body.services).toHaveLength(1);
    await admin.patch(`/api/projects/${p.id}/mark-paid`).send({}).expect(200);
    const still = await admin
      .put(`/api/projects/${p.id}`)
      .send(project({ name: `${tag} Edited`, isPaid: false, selectedServices: [{ serviceId: twilight, quantity: 3 }] }))
      .expect(200);
    expect(still.body.isPaid).toBe(true);
    // CONTRACT §12: paid is what is owed; lines worth more make it owe the difference
    const more = await admin
      .put(`/api/projects/${p.id}`)
      .send(project({ name: `${tag} Edited`, isPaid: false }))
      .expect(200);
    expect(more.body).toMatchObject({ isPaid: false, price: 399.5, unpaidAmount: 101 });
  });

  it('adds the default service when an edit leaves no lines: the one priced like the project, else the first', async () => {
    const { body: p } = await admin
      .post('/api/projects')
      .send(project({ name: `${tag} No lines`, selectedServices: [], price: '99.50' }))
      .expect(201);
    expect(p.services).toEqual([]);
    const res = await admin
      .put(`/api/projects/${p.id}`)
      .send(project({ name: `${tag} No lines`, selectedServices: [], price: '99.50' }))
      .expect(200);
    expect(res.body.services).toEqual([expect.objectContaining({ serviceId: twilight, quantity: 1 })]);
    expect(res.body.price).toBe(99.5);
  });

  it('add-service adds a line or raises its quantity and re-prices', async () => {
    const { body: p } = await admin
      .post('/api/projects')
      .send(project({ name: `${tag} Add`, selectedServices: [{ serviceId: twilight, quantity: 1 }] }))
      .expect(201);
    const res = await admin.post(`/api/projects/${p.id}/add-service`).send({ serviceId: twilight, quantity: 2 }).expect(200);
    expect(res.body).toMatchObject({ price: 298.5 });
    expect(res.body.services).toEqual([expect.objectContaining({ serviceId: twilight, quantity: 3 })]);
    await admin.post(`/api/projects/${p.id}/add-service`).send({ serviceId: 2147483647, quantity: 1 }).expect(400);
    await admin.post(`/api/projects/${p.id}/add-service`).send({ serviceId: twilight, quantity: 0 }).expect(400);
  });

  it.each([
    [{ clientId: '' }, 'Please select a client for this project'],
    [{ clientId: undefined }, 'Please select a client for this project'],
    [{ clientId: 2147483647 }, 'Client not found'],
    [{ name: '' }, 'Project name is required'],
    [{ name: 42 }, 'Project name is required'],
    [{ selectedServices: [{ serviceId: 1, quantity: 0 }] }, 'Quantity must be at least 1'],
    [{ selectedServices: [{ serviceId: 2147483646, quantity: 1 }] }, 'Service not found'],
    [{ selectedServices: 'all' }, 'Services must be a list'],
    [{ photoCount: -1 }, '# of Photos must be 0 or more'],
    [{ thumbnailUrl: 'javascript:alert(1)' }, 'Thumbnail URL must be a web address starting with http:// or https://'],
    [{ downloadLink: 'x'.repeat(3000) }, 'Download Link must be at most 2048 characters'],
    [{ selectedServices: [], price: -3 }, 'Price must be 0 or more'],
  ])('refuses %j with "%s" and creates nothing', async (change, message) => {
    const before = (await admin.get('/api/projects').expect(200)).body.length;
    const res = await admin.post('/api/projects').send(project(change)).expect(400);
    expect(res.body.message).toBe(message);
    expect((await admin.get('/api/projects').expect(200)).body.length).toBe(before);
  });

  it('deletes a project: gone from lists, its payments stay readable with its name', async () => {
    const { body: p } = await admin
      .post('/api/projects')
      .send(project({ name: `${tag} Doomed` }))
      .expect(201);
    await admin.patch(`/api/projects/${p.id}/mark-paid`).send({}).expect(200);
    await admin.delete(`/api/projects/${p.id}`).expect(204);
    await admin.get(`/api/projects/${p.id}`).expect(404);
    await admin.delete(`/api/projects/${p.id}`).expect(404);
    expect((await admin.get('/api/projects').expect(200)).body.find((x: { id: number }) => x.id === p.id)).toBeUndefined();
    const pays = await admin
      .get('/api/payments')
      .query(listParams(undefined, [0, 10], { q: `${tag} Doomed` }))
      .expect(200);
    expect(pays.body).toEqual([expect.objectContaining({ projectId: p.id, projectName: `${tag} Doomed`, amount: 399.5 })]);
  });

  it('keeps payments and projects readable after their client is deleted', async () => {
    const gone = await clientAgent(t, 'gone');
    const { body: p } = await admin
      .post('/api/projects')
      .send(project({ name: `${tag} Orphan`, clientId: gone.id }))
      .expect(201);
    await admin.patch(`/api/projects/${p.id}/mark-paid`).send({}).expect(200);
    await admin.delete(`/api/clients/${gone.id}`).expect(204);
    const pays = await admin
      .get('/api/payments')
      .query(listParams(undefined, [0, 10], { q: `${tag} Orphan` }))
      .expect(200);
    expect(pays.body[0]).toMatchObject({ clientName: gone.username, amount: 399.5 });
    expect((await admin.get(`/api/projects/${p.id}`).expect(200)).body.clientName).toBe(gone.username);
  });

  it('lists with search (name, client, service), filters, sorts and pages, services embedded', async () => {
    const s2 = `${tag}x`;
    const other = await clientAgent(t, 'lister');
    const make = (name: string, over: Record<string, unknown> = {}) =>
      admin
        .post('/api/projects')
        .send(project({ name: `${s2} ${name}`, ...over }))
        .expect(201);
    await make('Beach house', { selectedServices: [{ serviceId: twilight, quantity: 1 }] });
    await make('City loft', { clientId: other.id, selectedServices: [{ serviceId: aerial, quantity: 1 }] });
    await make('Alpine chalet', { isPaid: true });
    const byName = await admin
      .get('/api/projects')
      .query(listParams(['name', 'ASC'], [0, 9], { q: s2 }))
      .expect(200);
    expect(byName.body.map((p: { name: string }) => p.name)).toEqual([`${s2} Alpine chalet`, `${s2} Beach house`, `${s2} City loft`]);
    expect(contentRange(byName.headers['content-range'])).toEqual({ resource: 'projects', start: 0, end: 2, total: 3 });
    expect(byName.body[0].services.length).toBeGreaterThan(0);
    const byPrice = await admin
      .get('/api/projects')
      .query(listParams(['price', 'DESC'], [0, 0], { q: s2 }))
      .expect(200);
    expect(byPrice.body).toHaveLength(1);
    expect(byPrice.body[0].name).toBe(`${s2} Alpine chalet`);
    const byClient = await admin
      .get('/api/projects')
      .query(listParams(undefined, undefined, { q: other.username.toUpperCase() }))
      .expect(200);
    expect(byClient.body.map((p: { name: string }) => p.name)).toEqual([`${s2} City loft`]);
    const byService = await admin
      .get('/api/projects')
      .query(listParams(undefined, undefined, { q: `${s2}`, isPaid: false }))
      .expect(200);
    expect(byService.body).toHaveLength(2);
    const svcSearch = await admin
      .get('/api/projects')
      .query(listParams(undefined, [0, 500], { q: 'drone shots of the' }))
      .expect(200);
    expect(svcSearch.body.some((p: { name: string }) => p.name === `${s2} City loft`)).toBe(true);
    expect(svcSearch.body.some((p: { name: string }) => p.name === `${s2} Beach house`)).toBe(false);
    const byStatus = await admin
      .get('/api/projects')
      .query(listParams(['isPaid', 'DESC'], [0, 9], { q: s2 }))
      .expect(200);
    expect(byStatus.body[0].isPaid).toBe(true);
    const byClientName = await admin
      .get('/api/projects')
      .query(listParams(['clientName', 'ASC'], [0, 9], { q: s2 }))
      .expect(200);
    const names = byClientName.body.map((p: { clientName: string }) => p.clientName.toLowerCase());
    expect([...names].sort()).toEqual(names);
    const dates = (await admin.get('/api/projects').expect(200)).body.map((p: { date: string }) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('finds by search exactly the projects whose name or description, client name, or a service matches (not the client e-mail)', async () => {
    const s3 = `${tag}y`;
    const buyer = await clientAgent(t, 'searcher');
    const svc = (
      await admin
        .post('/api/services')
        .send({ name: `${s3} Dusk`, description: 'Golden hour glow', price: 20 })
        .expect(201)
    ).body.id;
    await admin
      .post('/api/projects')
      .send(project({ name: `${s3} Pier`, description: 'Golden sands' }))
      .expect(201);
    await admin
      .post('/api/projects')
      .send(project({ name: `${s3} Mill`, clientId: buyer.id, selectedServices: [{ serviceId: svc, quantity: 1 }] }))
      .expect(201);
    const gone = (
      await admin
        .post('/api/projects')
        .send(project({ name: `${s3} Gone golden` }))
        .expect(201)
    ).body.id;
    await admin.delete(`/api/projects/${gone}`).expect(204);
    const expected = async (term: string) =>
      (
        await t.db.query(
          `SELECT p.id FROM projects p LEFT JOIN users u ON u.id = p.client_id
            WHERE p.deleted_at IS NULL AND ((p.name || ' ' || p.description) ILIKE $1 OR u.username ILIKE $1 OR EXISTS (
              SELECT 1 FROM project_services ps JOIN services s ON s.id = ps.service_id
               WHERE ps.project_id = p.id AND (s.name || ' ' || s.description) ILIKE $1))
            ORDER BY p.id`,
          [`%${term}%`],
        )
      ).map((r: { id: number }) => r.id);
    const check = async (terms: string[]) => {
      for (const term of terms) {
        const res = await admin
          .get('/api/projects')
          .query(listParams(['id', 'ASC'], [0, 499], { q: term }))
          .expect(200);
        const want = await expected(term);
        expect({ term, ids: res.body.map((p: { id: number }) => p.id) }).toEqual({ term, ids: want.slice(0, 500) });
        expect({ term, total: contentRange(res.headers['content-range']).total }).toEqual({ term, total: want.length });
      }
    };
    await check([
      s3,
      `${s3} pier`,
      'golden',
      'GOLDEN HOUR',
      buyer.username.slice(5),
      buyer.email.split('@')[0],
      buyer.email,
      `${s3} Dusk`,
      'no such thing at all',
      'pier\ngolden',
    ]);

    // What the search matches is kept on each project by the database: it follows a client renamed, a
    // service renamed or described again, and lines changed, in the request that changes them.
    await admin
      .put(`/api/clients/${buyer.id}`)
      .send({ username: `${s3} Renamed Buyer`, email: buyer.email, role: 'client' })
      .expect(200);
    await admin
      .put(`/api/services/${svc}`)
      .send({ name: `${s3} Blue Hour`, description: 'Evening light', price: 20, isStandard: true, creditEligible: false, creditCost: 1 })
      .expect(200);
    const pier = (
      await admin
        .get('/api/projects')
        .query(listParams(['id', 'ASC'], [0, 9], { q: `${s3} pier` }))
        .expect(200)
    ).body[0];
    await admin
      .put(`/api/projects/${pier.id}`)
      .send(project({ name: pier.name, description: pier.description, selectedServices: [{ serviceId: svc, quantity: 1 }] }))
      .expect(200);
    await check([
      `${s3} renamed`,
      buyer.username.slice(5),
      `${s3} blue hour`,
      'evening light',
      `${s3} Dusk`,
      'golden hour',
      'golden',
      `${tag} aerial`,
      'drone shots',
    ]);
  });

  it('sorts by client name as the clients are named now, renamed ones included', async () => {
    const a = await clientAgent(t, 'sortee');
    await admin
      .post('/api/projects')
      .send(project({ name: `${tag} Sort`, clientId: a.id }))
      .expect(201);
    const order = async () =>
      (
        await admin
          .get('/api/projects')
          .query(listParams(['clientName', 'ASC'], [0, 9999]))
          .expect(200)
      ).body.map((p: { id: number; clientName: string }) => [p.clientName.toLowerCase(), p.id]);
    const sorted = (rows: Array<[string, number]>) => [...rows].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1]));
    const before = await order();
    expect(before).toEqual(sorted(before));
    await admin.put(`/api/clients/${a.id}`).send({ username: 'AAAA first of all', email: a.email, role: 'client' }).expect(200);
    const after = await order();
    expect(after).toEqual(sorted(after));
    expect(after[0][0]).toBe('aaaa first of all');
  });

  it('the unfiltered page total is the number of live projects, through creation, deletion, bulk changes and a page past the end', async () => {
    const live = async () => Number((await t.db.query(`SELECT count(*) AS n FROM projects WHERE deleted_at IS NULL`))[0].n);
    const total = async (range: [number, number] = [0, 4]) =>
      contentRange(
        (
          await admin
            .get('/api/projects')
            .query(listParams(['date', 'DESC'], range))
            .expect(200)
        ).headers['content-range'],
      ).total;
    expect(await total()).toBe(await live());
    const { body: a } = await admin
      .post('/api/projects')
      .send(project({ name: `${tag} Counted A` }))
      .expect(201);
    await admin
      .post('/api/projects')
      .send(project({ name: `${tag} Counted B` }))
      .expect(201);
    expect(await total()).toBe(await live());
    await admin.delete(`/api/projects/${a.id}`).expect(204);
    expect(await total()).toBe(await live());
    // Set-based changes (a bulk import, a restore) keep it exact too.
    await t.db.query(
      `INSERT INTO projects (name, description, client_id, price_cents, date) SELECT $1 || g, '', $2, 1000, now() FROM generate_series(1, 30) g`,
      [`${tag} Bulk `, owner.id],
    );
    await t.db.query(`UPDATE projects SET deleted_at = now() WHERE name LIKE $1 AND name LIKE '%1'`, [`${tag} Bulk %`]);
    await t.db.query(`UPDATE projects SET deleted_at = NULL WHERE id = $1`, [a.id]);
    const n = await live();
    expect(await total()).toBe(n);
    expect(await total([n + 50, n + 60])).toBe(n);
  });

  it('pages in both halves of the unfiltered list (the second half is read from the other end) add up to the whole list, in every sort', async () => {
    // Ties on purpose: same name, price and date, so only the id decides between them.
    for (let i = 0; i < 4; i++)
      await admin
        .post('/api/projects')
        .send(project({ name: `${tag} Twin`, price: 75, date: '2026-01-01T00:00:00.000Z' }))
        .expect(201);
    for (const field of ['date', 'name', 'clientName', 'price', 'isPaid', 'id']) {
      for (const order of ['ASC', 'DESC'] as const) {
        // The whole list, read in the API's largest pages (500): the worker's database holds the projects of
        // every test file run before this one (money-exact alone adds dozens), so it may not fit in one.
        const all: number[] = [];
        for (let total = Infinity; all.length < total;) {
          const res = await admin
            .get('/api/projects')
            .query(listParams([field, order], [all.length, all.length + 499]))
            .expect(200);
          total = contentRange(res.headers['content-range']).total;
          expect(res.body.length).toBeGreaterThan(0);
          all.push(...res.body.map((p: { id: number }) => p.id));
        }
        const size = 7;
        const paged: number[] = [];
        for (let start = 0; start < all.length; start += size) {
          const res = await admin
            .get('/api/projects')
            .query(listParams([field, order], [start, start + size - 1]))
            .expect(200);
          expect(contentRange(res.headers['content-range'])).toMatchObject({ start, total: all.length });
          paged.push(...res.body.map((p: { id: number }) => p.id));
        }
        expect({ field, order, paged }).toEqual({ field, order, paged: all });
      }
    }
  });

  it('answers the client list call with the same shape and no query per row', async () => {
    const res = await owner.agent.get(`/api/projects/client/${owner.id}`).expect(200);
    expect(res.body.length).toBeGreaterThan(3);
    for (const p of res.body) expect(Array.isArray(p.services)).toBe(true);
  });

  it('sends the notification through the outbox only once the project is committed', async () => {
    const before = await t.db.query(`SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'project-notification'`);
    await admin
      .post('/api/projects')
      .send(project({ clientId: 2147483647 }))
      .expect(400);
    const after = await t.db.query(`SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'project-notification'`);
    expect(after[0].n).toBe(before[0].n);
    // Only this file's messages: other test files share the database and may hold mail back on purpose.
    await eventually(async () => {
      const pending = await t.db.query(
        `SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'project-notification' AND to_address = $1 AND status IN ('pending', 'sending')`,
        [owner.email],
      );
      expect(pending[0].n).toBe(0);
    });
  });
});
