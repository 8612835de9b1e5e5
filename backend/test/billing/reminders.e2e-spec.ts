import { REMINDERS_JOB, InvoiceReminders } from '../../src/modules/billing/application/invoice-reminders';
import { InvoiceRepository } from '../../src/modules/billing/application/ports/invoice.repository';
import { addDays } from '../../src/modules/billing/domain/invoice';
import { todayIn } from '../../src/modules/billing/domain/invoice-text';
import { JobQueue } from '../../src/shared/jobs/job-queue';
import { TransactionHost } from '../../src/shared/transaction/transaction-host';
import { adminAgent, Agent, clientAgent, createTestApp, eventually, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * CONTRACT §14: the payment reminders the studio's reminderDays ask for ([-3, 0, 7] by default), each sent
 * once per installment, never for a paid one, once even when two runs race; on the job queue (decision 0047).
 */
describe('Payment reminders', () => {
  let t: TestApp;
  let admin: Agent;
  let receiver: WebhookReceiver;
  let reminders: InvoiceReminders;
  const hook = `/overdue-${process.pid}`;
  // The studio's date (the default studio is in UTC), fixed for the runs called directly.
  const now = new Date();
  const today = todayIn('UTC', now);

  /** The job rows of the reminders' queue not yet done (created, retry, active). */
  const unfinishedJobs = async () =>
    Number(
      (
        await t.db.query(`SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`, [
          REMINDERS_JOB,
        ])
      )[0].n,
    );

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await createTestApp({ JOBS: 'on', WEBHOOK_ALLOW_PRIVATE_URLS: 'true', OUTBOX_POLL_MS: '50' });
    admin = await adminAgent(t);
    reminders = t.app.get(InvoiceReminders);
    await admin
      .post('/api/webhook-endpoints')
      .send({ url: receiver.url(hook), events: ['invoice.overdue'] })
      .expect(201);
    // The run every instance makes when it starts has ended (it found nothing of this file's).
    await eventually(async () => expect(await unfinishedJobs()).toBe(0));
  });
  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      await receiver.stop();
    }
  });

  /** A client with a project of `parts` (amounts in cents, due `days` from today): its ids and invoice. */
  async function scheduled(parts: Array<{ label: string; cents: number; dueIn: number }>) {
    const client = await clientAgent(t, 'reminded');
    const total = parts.reduce((s, p) => s + p.cents, 0);
    const project = (
      await admin
        .post('/api/projects')
        .send({ name: `Harbour Lane ${client.id}`, clientId: client.id, price: (total / 100).toFixed(2), selectedServices: [] })
        .expect(201)
    ).body;
    const invoices = t.app.get(InvoiceRepository);
    const invoice = await t.app.get(TransactionHost).run(async () => {
      const found = (await invoices.ofProject(project.id, true))!;
      found.setSchedule(parts.map((p) => ({ label: p.label, amountCents: p.cents, dueDate: addDays(today, p.dueIn) })));
      return invoices.save(found, today);
    });
    return { client, projectId: project.id as number, invoiceId: invoice.id, number: `INV-${String(invoice.number).padStart(6, '0')}` };
  }

  /** The reminders queued for `email`, in order. */
  const queued = async (email: string): Promise<string[]> =>
    (await t.db.query(`SELECT subject FROM email_outbox WHERE kind = 'invoice-reminder' AND to_address = $1 ORDER BY id`, [email])).map(
      (r: { subject: string }) => r.subject,
    );

  it('sends what is due: 3 days before, on the day and 7 days late, each once, with the invoice, the installment and a link to pay', async () => {
    const { client, projectId, invoiceId, number } = await scheduled([
      { label: 'Deposit', cents: 10_000, dueIn: -7 },
      { label: 'Second payment', cents: 20_000, dueIn: 0 },
      { label: 'Balance', cents: 30_050, dueIn: 3 },
    ]);

    await reminders.run(now);
    expect((await queued(client.email)).sort()).toEqual(['Payment 7 days overdue', 'Payment due in 3 days', 'Payment due today']);
    const rows = await t.db.query(
      `SELECT k.label, r.days FROM invoice_reminders r JOIN invoice_installments k ON k.id = r.installment_id WHERE k.invoice_id = $1 ORDER BY k.position`,
      [invoiceId],
    );
    expect(rows).toEqual([
      { label: 'Deposit', days: 7 },
      { label: 'Second payment', days: 0 },
      { label: 'Balance', days: -3 },
    ]);

    // delivered through the outbox, each naming the studio, the invoice, the installment, what is left and where to pay
    const mail = (subject: string) => t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === subject);
    const late = await mail('Payment 7 days overdue');
    for (const shown of ['Studio Portal', number, 'Deposit', '$100.00', `http://portal.test/projects?pay=${projectId}`])
      expect(late.text).toContain(shown);
    expect(late.html).toContain(`href="http://portal.test/projects?pay=${projectId}"`);
    expect((await mail('Payment due today')).text).toContain('Second payment');
    expect((await mail('Payment due in 3 days')).text).toContain('$300.50');

    // the integrators hear of the first overdue reminder
    const overdue = await eventually(async () => {
      const got = receiver
        .at(hook)
        .map((r) => JSON.parse(r.body) as { type: string; data: { id: number; overdue: boolean; overdueAmount: number } });
      const mine = got.filter((e) => e.data.id === invoiceId);
      expect(mine).toHaveLength(1);
      return mine[0];
    });
    expect(overdue).toMatchObject({ type: 'invoice.overdue', data: { id: invoiceId, overdue: true, overdueAmount: 100 } });

    // a second run sends none
    expect(await reminders.run(now)).toEqual({ sent: 0 });
    expect(await queued(client.email)).toHaveLength(3);
  });

  it('never reminds of a paid installment, nor of a paid invoice', async () => {
    const { client, projectId } = await scheduled([
      { label: 'Deposit', cents: 10_000, dueIn: -7 },
      { label: 'Balance', cents: 10_000, dueIn: 3 },
    ]);
    // the client pays the next installment (the overdue deposit) by test card
    const intent = (await client.agent.post('/api/create-payment-intent').send({ projectId, part: 'next' }).expect(200)).body;
    expect(intent.amount).toBe(100);
    await client.agent
      .post(`/api/payment-emulator/payment_intents/${intent.paymentIntentId}/confirm`)
      .send({ payment_method: 'pm_card_visa' })
      .expect(200);
    await client.agent.post('/api/confirm-payment').send({ projectId, paymentIntentId: intent.paymentIntentId }).expect(200);

    const paid = await scheduled([{ label: 'Payment', cents: 5_000, dueIn: 0 }]);
    await admin.patch(`/api/projects/${paid.projectId}/mark-paid`).send({ isPaid: true }).expect(200);

    await reminders.run(now);
    expect(await queued(client.email)).toEqual(['Payment due in 3 days']);
    expect(await queued(paid.client.email)).toEqual([]);
  });

  it('sends once when two runs race (two instances)', async () => {
    const { client } = await scheduled([{ label: 'Payment', cents: 7_500, dueIn: 0 }]);
    await Promise.all([reminders.run(now), reminders.run(now)]);
    expect(await queued(client.email)).toEqual(['Payment due today']);
  });

  it('runs on the job queue', async () => {
    const jobs = t.app.get(JobQueue);
    expect(jobs.enabled).toBe(true);
    const { client } = await scheduled([{ label: 'Payment', cents: 4_200, dueIn: 0 }]);
    const id = await jobs.runSoon(REMINDERS_JOB);
    expect(id).not.toBeNull();
    await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'Payment due today');
    await eventually(async () =>
      expect(await t.db.query(`SELECT state FROM pgboss.job WHERE name = $1 AND id = $2`, [REMINDERS_JOB, id])).toEqual([
        { state: 'completed' },
      ]),
    );
    // and it is scheduled every 15 minutes
    expect(await t.db.query(`SELECT cron, timezone FROM pgboss.schedule WHERE name = $1`, [REMINDERS_JOB])).toEqual([
      { cron: '*/15 * * * *', timezone: 'UTC' },
    ]);
    expect(await queued(client.email)).toEqual(['Payment due today']);
  });
});
