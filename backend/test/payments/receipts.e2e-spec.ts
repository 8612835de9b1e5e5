import { pdfText } from '../support/pdf-text';
import { adminAgent, Agent, clientAgent, createTestApp, eventually, TestApp } from '../support/test-app';
import { postStripeEvent } from '../support/stripe-events';

const WEBHOOK_SECRET = 'whsec_test_receipts_secret_123';

/** A PDF answer, read whole as bytes (supertest leaves binary bodies alone only with a parser). */
const binary = (res: unknown, cb: (err: Error | null, body: Buffer) => void) => {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('Receipts (CONTRACT §11)', () => {
  let t: TestApp;
  let admin: Agent;
  let owner: Awaited<ReturnType<typeof clientAgent>>;
  let stranger: Awaited<ReturnType<typeof clientAgent>>;
  const tag = `rcpt${process.pid}`;

  beforeAll(async () => {
    t = await createTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    admin = await adminAgent(t);
    // The studio's name is a setting (CONTRACT §13); put back for the worker's next files.
    await admin.patch('/api/studio').send({ name: 'Harbour Light Studio' }).expect(200);
    owner = await clientAgent(t, 'rcptowner');
    stranger = await clientAgent(t, 'rcptstranger');
  });
  afterAll(async () => {
    await admin?.patch('/api/studio').send({ name: 'Studio Portal' }).expect(200);
    await t.close();
  });

  async function project(price = '250.50', clientId = owner.id) {
    const name = `${tag} ${Math.random().toString(36).slice(2, 7)}`;
    const res = await admin.post('/api/projects').send({ name, clientId, price, selectedServices: [] }).expect(201);
    return { id: res.body.id as number, name };
  }

  /** Pays a project by test card as the portal does; answers the intent id. */
  async function payByCard(agent: Agent, projectId: number, confirm = true) {
    const intent = await agent.post('/api/create-payment-intent').send({ projectId }).expect(200);
    const id = intent.body.paymentIntentId as string;
    await agent.post(`/api/payment-emulator/payment_intents/${id}/confirm`).send({ payment_method: 'pm_card_visa' }).expect(200);
    if (confirm) await agent.post('/api/confirm-payment').send({ projectId, paymentIntentId: id }).expect(200);
    return id;
  }

  async function webhook(intentId: string) {
    const object = { id: intentId, object: 'payment_intent' };
    await postStripeEvent(t, { id: `evt_${intentId}`, type: 'payment_intent.succeeded', object }, WEBHOOK_SECRET).expect(200);
  }

  const paymentOf = async (projectId: number) =>
    (
      (await t.db.query(`SELECT id, receipt_number FROM payments WHERE project_id = $1 ORDER BY id`, [projectId])) as Array<{
        id: number;
        receipt_number: number | null;
      }>
    )[0];

  const lastNumber = async () => Number((await t.db.query(`SELECT last_number FROM receipt_counter`))[0].last_number);
  const receiptText = (n: number) => `R-${String(n).padStart(6, '0')}`;
  const receiptMails = (email: string) => t.smtp.to(email).filter((m) => m.subject.startsWith('Your receipt'));

  it("says a deposit is one on its receipt and e-mail; the balance's receipt does not (decision 0033)", async () => {
    const name = `${tag} deposit ${Math.random().toString(36).slice(2, 7)}`;
    const created = await admin
      .post('/api/projects')
      .send({ name, clientId: owner.id, price: '300', depositAmount: 100, selectedServices: [] });
    expect(created.status).toBe(201);
    const projectId = created.body.id as number;
    await payByCard(owner.agent, projectId); // the deposit, while it is due
    await payByCard(owner.agent, projectId); // then the balance
    const payments = (await t.db.query(`SELECT id, amount_cents FROM payments WHERE project_id = $1 ORDER BY id`, [projectId])) as Array<{
      id: number;
      amount_cents: string;
    }>;
    expect(payments.map((p) => Number(p.amount_cents))).toEqual([10000, 20000]);
    const textOf = async (paymentId: number) =>
      pdfText((await owner.agent.get(`/api/payments/${paymentId}/receipt.pdf`).buffer(true).parse(binary).expect(200)).body as Buffer).join(
        '\n',
      );
    expect(await textOf(payments[0].id)).toContain(`Photography project: ${name} (deposit)`);
    const balance = await textOf(payments[1].id);
    expect(balance).toContain(`Photography project: ${name}`);
    expect(balance).not.toContain('(deposit)');
    const mail = await eventually(async () => {
      const found = receiptMails(owner.email).find((m) => m.text.includes(name) && m.text.includes('(deposit)'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(mail.text).toContain('$100.00');
  });

  it('gives the payer the PDF of a card payment: studio, client, project, amount, method, date and number', async () => {
    const p = await project('250.50');
    const intentId = await payByCard(owner.agent, p.id);
    const payment = await paymentOf(p.id);
    expect(payment.receipt_number).toBe(await lastNumber());
    const number = receiptText(payment.receipt_number!);

    const res = await owner.agent.get(`/api/payments/${payment.id}/receipt.pdf`).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${number}.pdf"`);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(body).join('\n');
    for (const shown of [
      'Harbour Light Studio',
      number,
      owner.username,
      owner.email,
      `Photography project: ${p.name}`,
      '$250.50',
      'Card (Stripe)',
    ]) {
      expect(text).toContain(shown);
    }
    // The reference wraps inside its column when its letters are wide ('…11m' / 'W'): read it without the breaks.
    expect(text.replace(/\s+/g, '')).toContain(intentId);
    const day = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(text).toContain(day);

    // The admin gets the same receipt; the client's list and Payment History carry the number.
    const forAdmin = await admin.get(`/api/payments/${payment.id}/receipt.pdf`).buffer(true).parse(binary).expect(200);
    expect(pdfText(forAdmin.body as Buffer)).toEqual(pdfText(body));
    const mine = await owner.agent.get('/api/my/payments').expect(200);
    expect(mine.body[0]).toMatchObject({
      id: payment.id,
      projectId: p.id,
      projectName: p.name,
      amount: 250.5,
      method: 'Stripe',
      status: 'completed',
      receiptNumber: number,
    });
    const history = await admin
      .get('/api/payments')
      .query({ filter: JSON.stringify({ q: p.name }) })
      .expect(200);
    expect(history.body).toEqual([expect.objectContaining({ id: payment.id, receiptNumber: number })]);
  });

  it('answers 404 to another client, 401 to nobody, 400 to a bad id and 404 to an unknown one or a payment without a receipt', async () => {
    const p = await project('20');
    await payByCard(owner.agent, p.id);
    const payment = await paymentOf(p.id);
    const other = await stranger.agent.get(`/api/payments/${payment.id}/receipt.pdf`).expect(404);
    expect(other.body).toMatchObject({ statusCode: 404, message: 'Receipt not found', code: 'ACCESS.NOT_FOUND' });
    expect((await stranger.agent.get('/api/my/payments').expect(200)).body).toEqual([]);
    await t.http().get(`/api/payments/${payment.id}/receipt.pdf`).expect(401);
    await t.http().get('/api/my/payments').expect(401);
    const bad = await owner.agent.get('/api/payments/abc/receipt.pdf').expect(400);
    expect(bad.body.message).toBe('The id in the address must be a positive whole number');
    await owner.agent.get('/api/payments/0/receipt.pdf').expect(400);
    const unknown = await admin.get('/api/payments/2147483647/receipt.pdf').expect(404);
    expect(unknown.body).toMatchObject({ message: 'Receipt not found', code: 'PAYMENTS.RECEIPT_NOT_FOUND' });
    // A payment that did not complete has no number and no receipt.
    const q = await project('30');
    const [failed] = await t.db.query(
      `INSERT INTO payments (project_id, client_id, amount_cents, stripe_payment_id, status) VALUES ($1, $2, 3000, $3, 'failed') RETURNING id, receipt_number`,
      [q.id, owner.id, `pi_failed_${tag}`],
    );
    expect(failed.receipt_number).toBeNull();
    await owner.agent.get(`/api/payments/${failed.id}/receipt.pdf`).expect(404);
    await admin.get(`/api/payments/${failed.id}/receipt.pdf`).expect(404);
  });

  it('e-mails the client the receipt once, PDF attached, though the confirmation and the webhook both report the payment', async () => {
    const p = await project('45');
    const intentId = await payByCard(owner.agent, p.id);
    await webhook(intentId);
    await webhook(intentId);
    const number = receiptText((await paymentOf(p.id)).receipt_number!);
    const mail = await t.smtp.waitFor((m) => m.to.includes(owner.email) && m.subject.includes(number));
    expect(mail.subject).toBe(`Your receipt ${number} from Harbour Light Studio`);
    expect(mail.text).toContain(`Receipt number: ${number}`);
    expect(mail.text).toContain('Amount paid: $45.00');
    expect(mail.html).toContain(number);
    expect(mail.parsed.attachments).toHaveLength(1);
    const [attachment] = mail.parsed.attachments;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.filename).toBe(`receipt-${number}.pdf`);
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(attachment.content).join('\n')).toContain(number);
    expect(pdfText(attachment.content).join('\n')).toContain(p.name);
    // Long enough for a second message to have arrived, had one been queued.
    await new Promise((r) => setTimeout(r, 800));
    expect(receiptMails(owner.email).filter((m) => m.subject.includes(number))).toHaveLength(1);
    const rows = await t.db.query(`SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'receipt' AND subject LIKE $1`, [
      `%${number}%`,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('numbers a payment the webhook alone reports (the tab was closed) and mails it', async () => {
    const p = await project('12.34');
    const intentId = await payByCard(owner.agent, p.id, false);
    await webhook(intentId);
    const payment = await paymentOf(p.id);
    expect(payment.receipt_number).toBe(await lastNumber());
    const number = receiptText(payment.receipt_number!);
    const mail = await t.smtp.waitFor((m) => m.to.includes(owner.email) && m.subject.includes(number));
    expect(mail.parsed.attachments[0].filename).toBe(`receipt-${number}.pdf`);
  });

  it('gives a manual payment (the admin marks the project paid) a receipt that says Manual with the note, and mails it', async () => {
    const p = await project('80');
    await admin.patch(`/api/projects/${p.id}/mark-paid`).send({ note: 'Paid in cash at the shoot' }).expect(200);
    const payment = await paymentOf(p.id);
    const number = receiptText(payment.receipt_number!);
    const res = await owner.agent.get(`/api/payments/${payment.id}/receipt.pdf`).buffer(true).parse(binary).expect(200);
    const text = pdfText(res.body as Buffer).join('\n');
    expect(text).toContain('Manual');
    expect(text).toContain('Paid in cash at the shoot');
    expect(text).toContain('$80.00');
    const mail = await t.smtp.waitFor((m) => m.to.includes(owner.email) && m.subject.includes(number));
    expect(mail.text).toContain('Payment method: Manual');
    expect(mail.parsed.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  });

  it('numbers parallel completions one after another: no duplicate, no gap', async () => {
    const N = 12;
    const projects = await Promise.all(Array.from({ length: N }, () => project('10')));
    const before = await lastNumber();
    // Half paid by card (each client's own), half marked paid by the admin, all at once.
    const payers = await Promise.all(Array.from({ length: N / 2 }, () => clientAgent(t, 'rcptpar')));
    const cardProjects = await Promise.all(payers.map((c) => project('10', c.id)));
    const intents = await Promise.all(
      payers.map(async (c, i) => {
        const intent = await c.agent.post('/api/create-payment-intent').send({ projectId: cardProjects[i].id }).expect(200);
        await c.agent
          .post(`/api/payment-emulator/payment_intents/${intent.body.paymentIntentId}/confirm`)
          .send({ payment_method: 'pm_card_visa' })
          .expect(200);
        return intent.body.paymentIntentId as string;
      }),
    );
    await Promise.all([
      ...projects.slice(0, N / 2).map((p) => admin.patch(`/api/projects/${p.id}/mark-paid`).send({}).expect(200)),
      ...payers.map((c, i) =>
        c.agent.post('/api/confirm-payment').send({ projectId: cardProjects[i].id, paymentIntentId: intents[i] }).expect(200),
      ),
      ...intents.map((id) => webhook(id)), // each card payment reported twice, concurrently
    ]);
    const ids = [...projects.slice(0, N / 2), ...cardProjects].map((p) => p.id);
    const rows: Array<{ receipt_number: number }> = await t.db.query(
      `SELECT receipt_number FROM payments WHERE project_id = ANY($1::int[]) ORDER BY receipt_number`,
      [ids],
    );
    expect(rows).toHaveLength(N);
    expect(rows.map((r) => r.receipt_number)).toEqual(Array.from({ length: N }, (_, i) => before + 1 + i));
    expect(await lastNumber()).toBe(before + N);
    // Each was mailed once.
    await eventually(async () => {
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'receipt' AND status = 'sent'
                                         AND subject ~ $1`,
        [`R-0*(${rows.map((r) => r.receipt_number).join('|')}) `],
      );
      expect(n).toBe(N);
    });
  });

  it('does not spend a number on a completion that rolls back, nor on a payment reported again', async () => {
    const before = await lastNumber();
    const p = await project('5');
    const runner = t.db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const [inserted] = await runner.query(
      `INSERT INTO payments (project_id, client_id, amount_cents, status, note) VALUES ($1, $2, 500, 'completed', 'rolled back') RETURNING id`,
      [p.id, owner.id],
    );
    const [inside] = await runner.query(`SELECT receipt_number FROM payments WHERE id = $1`, [inserted.id]);
    expect(inside.receipt_number).toBe(before + 1);
    await runner.rollbackTransaction();
    await runner.release();
    expect(await lastNumber()).toBe(before);

    // The same provider id again inserts nothing and takes nothing.
    const q = await project('7');
    const intentId = await payByCard(owner.agent, q.id);
    const after = await lastNumber();
    expect(after).toBe(before + 1);
    await t.db.query(
      `INSERT INTO payments (project_id, client_id, amount_cents, stripe_payment_id, status) VALUES ($1, $2, 700, $3, 'completed')
       ON CONFLICT (stripe_payment_id) DO NOTHING`,
      [q.id, owner.id, intentId],
    );
    expect(await lastNumber()).toBe(after);
    expect((await paymentOf(q.id)).receipt_number).toBe(after);
  });

  it('keeps an issued number: the database refuses to change it', async () => {
    const p = await project('9');
    await payByCard(owner.agent, p.id);
    const payment = await paymentOf(p.id);
    await expect(t.db.query(`UPDATE payments SET receipt_number = receipt_number + 100000 WHERE id = $1`, [payment.id])).rejects.toThrow(
      /cannot change/,
    );
  });
});
