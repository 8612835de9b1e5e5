import { Client } from 'pg';
import Stripe from 'stripe';
import { FakeStripe } from '../support/fake-stripe';
import { ADMIN, AppProcess, HttpAnswer, HttpSession, startAppProcess, ScratchDatabase, scratchDatabase } from '../support/processes';
import { TcpGate } from '../support/tcp-gate';

jest.setTimeout(120_000);

const WEBHOOK_SECRET = 'whsec_system_outage_secret';
const UNAVAILABLE = 'The card payment service is not answering. Please try again in a moment.';

/**
 * Issue 7, point 5, the card provider unreachable: the app runs as its own process in Stripe mode,
 * its SDK pointed (STRIPE_API_URL) at a relay in front of a Stripe-like server; the relay is cut
 * between creating an intent and confirming it. Every call that needs Stripe answers a clear JSON 503
 * and records nothing; once Stripe answers again the same payment is recorded, exactly once.
 * (test/payments/stripe-adapter.e2e-spec.ts covers create-payment-intent against a closed port in-process.)
 */
describe('Card provider unreachable (system test, separate process)', () => {
  let fake: FakeStripe;
  let gate: TcpGate;
  let app: AppProcess;
  let db: Client;
  let admin: HttpSession;
  let client: HttpSession;
  let clientId: number;
  const tag = `cardout${process.pid}x${Math.random().toString(36).slice(2, 6)}`;

  let scratch: ScratchDatabase | undefined;

  beforeAll(async () => {
    fake = await new FakeStripe().start();
    gate = await new TcpGate({ host: '127.0.0.1', port: fake.port }).open();
    scratch = await scratchDatabase('cardout');
    const databaseUrl = scratch.url;
    app = await startAppProcess({
      name: 'stripe-mode app',
      databaseUrl,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_system',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_system',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: gate.url,
      },
    });
    console.log(`stripe-mode app process started in ${app.startupMs} ms`);
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    admin = new HttpSession(app.url);
    expect((await admin.post('/api/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
    client = new HttpSession(app.url);
    const reg = await client.post('/api/register', { username: `Card ${tag}`, email: `${tag}@example.com`, password: 'secret123' });
    expect(reg.status).toBe(201);
    clientId = reg.body.id;
  });

  afterAll(async () => {
    admin?.close();
    client?.close();
    await db?.end();
    await app?.stop();
    await gate?.cut();
    await fake?.stop();
    await scratch?.drop();
  });

  const project = async (price: number) => {
    const res = await admin.post('/api/projects', {
      name: `${tag} ${Math.random().toString(36).slice(2, 7)}`,
      clientId,
      price,
      selectedServices: [],
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const expectUnavailable = (res: HttpAnswer) => {
    expect({ status: res.status, body: res.body }).toEqual({
      status: 503,
      body: expect.objectContaining({ statusCode: 503, error: 'Service Unavailable', message: UNAVAILABLE }),
    });
    expect(res.ms).toBeLessThan(10_000);
  };
  const recorded = async () => {
    const q = async (sql: string) => Number((await db.query(sql, [clientId])).rows[0].n);
    return {
      payments: await q(`SELECT count(*) AS n FROM payments WHERE client_id = $1`),
      intents: await q(`SELECT count(*) AS n FROM card_payment_intents WHERE user_id = $1`),
      creditTransactions: await q(`SELECT count(*) AS n FROM credit_transactions WHERE user_id = $1`),
      paidProjects: await q(`SELECT count(*) AS n FROM projects WHERE client_id = $1 AND is_paid`),
    };
  };
  const webhook = (intentId: string) => {
    const payload = JSON.stringify({
      id: `evt_${tag}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent' } },
    });
    const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return new HttpSession(app.url).request('POST', '/api/stripe/webhook', JSON.parse(payload), { 'Stripe-Signature': signature });
  };

  it('answers a clear 503 for every call that needs the provider, records nothing, and records the payment once when it is back', async () => {
    // Reachable: a project intent and a credits intent are created, and the card is charged at "Stripe".
    const paidProject = await project(80);
    const intent = await client.post('/api/create-payment-intent', { projectId: paidProject });
    expect(intent.status).toBe(200);
    fake.setStatus(intent.body.paymentIntentId, 'succeeded');
    const bundle = await admin.post('/api/credit-bundles', { name: `${tag} Five`, price: 40, creditAmount: 5 });
    expect(bundle.status).toBe(201);
    const creditIntent = await client.post('/api/create-credit-payment-intent', { bundleId: bundle.body.id, amount: 40 });
    expect(creditIntent.status).toBe(200);
    fake.setStatus(creditIntent.body.paymentIntentId, 'succeeded');
    const otherProject = await project(55);
    const before = await recorded();
    const stripeCallsBefore = fake.requests.length;

    await gate.cut();
    expectUnavailable(await client.post('/api/create-payment-intent', { projectId: otherProject }));
    expectUnavailable(await client.post('/api/confirm-payment', { projectId: paidProject, paymentIntentId: intent.body.paymentIntentId }));
    expectUnavailable(await webhook(intent.body.paymentIntentId)); // Stripe retries a webhook that did not answer 2xx
    expectUnavailable(await client.post('/api/create-credit-payment-intent', { bundleId: bundle.body.id, amount: 40 }));
    expectUnavailable(
      await client.post('/api/purchase-credits', { bundleId: bundle.body.id, stripePaymentId: creditIntent.body.paymentIntentId }),
    );
    // Without the intent id the server looks for this user's paid intents: it cannot tell either.
    expectUnavailable(await client.post('/api/purchase-credits', { bundleId: bundle.body.id }));
    expect(fake.requests.length).toBe(stripeCallsBefore); // nothing got through the cut relay
    expect(await recorded()).toEqual(before);
    expect((await client.get(`/api/projects/${paidProject}`)).body).toMatchObject({ isPaid: false });
    expect((await client.get(`/api/user-credits/${clientId}`)).body.balance).toBe(0);

    await gate.open();
    const confirmed = await client.post('/api/confirm-payment', { projectId: paidProject, paymentIntentId: intent.body.paymentIntentId });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.project).toMatchObject({ isPaid: true, amountPaid: 80 });
    expect((await webhook(intent.body.paymentIntentId)).status).toBe(200);
    const bought = await client.post('/api/purchase-credits', { bundleId: bundle.body.id });
    expect(bought.body).toEqual({ success: true, creditsAdded: 5, creditBalance: 5 });
    expect(
      (await client.post('/api/purchase-credits', { bundleId: bundle.body.id, stripePaymentId: creditIntent.body.paymentIntentId })).body
        .creditsAdded,
    ).toBe(0);
    expect((await client.post('/api/create-payment-intent', { projectId: otherProject })).status).toBe(200);
    expect(await recorded()).toEqual({
      // the project's card payment and the bundle's purchase (a payment too, CONTRACT §11), once each
      payments: before.payments + 2,
      intents: before.intents + 1,
      creditTransactions: before.creditTransactions + 1,
      paidProjects: before.paidProjects + 1,
    });
  });
});
