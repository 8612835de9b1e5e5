import { adminAgent, Agent, clientAgent, contentRange, createTestApp, listParams, TestApp } from '../support/test-app';

describe('Services (spec §7 "Services", §5 "Service form")', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const tag = `svc${process.pid}`;
  const service = (over: Record<string, unknown> = {}) => ({
    name: `${tag} Aerial photography`,
    description: 'Drone shots of the property',
    price: 150,
    isStandard: true,
    creditEligible: true,
    creditCost: 2,
    ...over,
  });

  it('creates, reads, updates and deletes a service', async () => {
    const created = await admin.post('/api/services').send(service()).expect(201);
    expect(created.body).toEqual({ id: expect.any(Number), ...service(), price: 150 });
    const id = created.body.id;
    expect((await admin.get(`/api/services/${id}`).expect(200)).body.name).toBe(`${tag} Aerial photography`);
    const updated = await admin
      .put(`/api/services/${id}`)
      .send(service({ price: '175.50', isStandard: false, creditEligible: false }))
      .expect(200);
    expect(updated.body).toMatchObject({ price: 175.5, isStandard: false, creditEligible: false });
    await admin.delete(`/api/services/${id}`).expect(204);
    await admin.get(`/api/services/${id}`).expect(404);
    await admin.delete(`/api/services/${id}`).expect(404);
    const all = await admin.get('/api/services').expect(200);
    expect(all.body.find((s: { id: number }) => s.id === id)).toBeUndefined();
  });

  it('applies the defaults: standard, not eligible, credit cost 1 (also for an empty value)', async () => {
    const res = await admin
      .post('/api/services')
      .send({ name: `${tag} Floor plan`, price: '80', creditCost: '' })
      .expect(201);
    expect(res.body).toMatchObject({ description: '', isStandard: true, creditEligible: false, creditCost: 1, price: 80 });
  });

  it.each([
    [{ name: 'ab' }, 'Service name must be at least 3 characters', 'name'],
    [{ description: 'too short' }, 'Description must be at least 10 characters', 'description'],
    [{ price: '' }, 'Price is required', 'price'],
    [{ price: undefined }, 'Price is required', 'price'],
    [{ price: -5 }, 'Price must be 0 or more', 'price'],
    [{ price: '12.345' }, 'Price must be an amount in dollars with at most 2 decimals', 'price'],
    [{ price: 'twelve' }, 'Price must be an amount in dollars with at most 2 decimals', 'price'],
    [{ price: { a: 1 } }, 'Price must be a number', 'price'],
    [{ creditCost: 0 }, 'Credit cost must be at least 1', 'creditCost'],
    [{ creditCost: 1.5 }, 'Credit cost must be a whole number', 'creditCost'],
    [{ name: 'x'.repeat(201) }, 'Service name must be at most 200 characters', 'name'],
  ])('refuses %j with "%s"', async (change, message, field) => {
    const res = await admin.post('/api/services').send(service(change)).expect(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toBe(message);
  });

  it('lets any signed-in user read the catalogue, and only the admin change it', async () => {
    const { agent } = await clientAgent(t);
    await agent.get('/api/services').expect(200);
    await agent.post('/api/services').send(service()).expect(403);
    await agent.put('/api/services/1').send(service()).expect(403);
    await agent.delete('/api/services/1').expect(403);
    await t.http().get('/api/services').expect(401);
    await t.http().post('/api/services').send(service()).expect(401);
  });

  it('pages, sorts and searches on the server with a Content-Range', async () => {
    for (const [name, price] of [
      ['Zeta portraits', 20],
      ['Alpha video', 300],
      ['Mid-range staging', 120],
    ] as const) {
      await admin
        .post('/api/services')
        .send(service({ name: `${tag}-list ${name}`, price }))
        .expect(201);
    }
    const page = await admin
      .get('/api/services')
      .query(listParams(['price', 'DESC'], [0, 1], { q: `${tag}-list` }))
      .expect(200);
    expect(page.body.map((s: { price: number }) => s.price)).toEqual([300, 120]);
    expect(contentRange(page.headers['content-range'])).toEqual({ resource: 'services', start: 0, end: 1, total: 3 });
    const byName = await admin
      .get('/api/services')
      .query(listParams(['name', 'ASC'], [0, 9], { q: `${tag}-LIST` }))
      .expect(200);
    expect(byName.body.map((s: { name: string }) => s.name.split(' ')[1])).toEqual(['Alpha', 'Mid-range', 'Zeta']);
    const plain = await admin.get('/api/services').expect(200);
    expect(plain.headers['content-range']).toBeUndefined();
    const names = plain.body.map((s: { name: string }) => s.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
  });

  it('refuses bad list parameters and ids with 400, never 500', async () => {
    await admin.get('/api/services').query({ sort: '["password","ASC"]' }).expect(400);
    await admin.get('/api/services').query({ range: 'nope' }).expect(400);
    await admin.get('/api/services/abc').expect(400);
    await admin.get('/api/services/99999999999').expect(400);
    await admin.get('/api/services/2147483647').expect(404);
  });
});
