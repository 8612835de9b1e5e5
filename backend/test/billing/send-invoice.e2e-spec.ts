import { SendInvoice } from '../../src/modules/billing/application/send-invoice';
import { InvoiceRepository } from '../../src/modules/billing/application/ports/invoice.repository';
import { TransactionHost } from '../../src/shared/transaction/transaction-host';
import { pdfText } from '../support/pdf-text';
import { ADMIN, adminAgent, Agent, clientAgent, createTestApp, eventually, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/** CONTRACT §14: 'Send invoice' e-mails the client the invoice with its PDF, marks it sent, logs it and tells the integrators. */
describe('Send invoice', () => {
  let t: TestApp;
  let admin: Agent;
  let adminId: number;
  let receiver: WebhookReceiver;
  const hook = `/invoices-${process.pid}`;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', OUTBOX_POLL_MS: '50' });
    admin = await adminAgent(t);
    adminId = (await admin.get('/api/user').expect(200)).body.id;
    await admin
      .post('/api/webhook-endpoints')
      .send({ url: receiver.url(hook), events: ['invoice.sent'] })
      .expect(201);
  });
  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      await receiver.stop();
    }
  });

  async function invoiceOf(clientId: number, price: string): Promise<{ projectId: number; invoiceId: number; number: string | null }> {
    const project = (
      await admin
        .post('/api/projects')
        .send({ name: `Harbour Lane ${process.pid}-${Math.random().toString(36).slice(2, 6)}`, clientId, price, selectedServices: [] })
        .expect(201)
    ).body;
    const rows: Array<{ id: number; number: number | null }> = await t.db.query(`SELECT id, number FROM invoices WHERE project_id = $1`, [
      project.id,
    ]);
    const n = rows[0].number;
    return { projectId: project.id, invoiceId: rows[0].id, number: n === null ? null : `INV-${String(n).padStart(6, '0')}` };
  }

  it('e-mails the invoice with its PDF attached, sets sent_at, writes the activity log and records invoice.sent', async () => {
    const client = await clientAgent(t, 'billed');
    const { projectId, invoiceId, number } = await invoiceOf(client.id, '1250.50');
    // a deposit and a balance: the e-mail names the next installment and its due date
    await t.app.get(TransactionHost).run(async () => {
      const repo = t.app.get(InvoiceRepository);
      const invoice = (await repo.byId(invoiceId, true))!;
      invoice.setSchedule([
        { label: 'Deposit', amountCents: 25_050, dueDate: '2026-12-01' },
        { label: 'Balance', amountCents: 100_000, dueDate: '2027-01-15' },
      ]);
      await repo.save(invoice, '2026-11-29');
    });

    const { sentAt } = await t.app.get(SendInvoice).send(invoiceId, { id: adminId, email: ADMIN.email });

    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject.startsWith('Invoice '));
    expect(mail.subject).toBe(`Invoice ${number} from Studio Portal`);
    expect(mail.text).toContain('Total: $1,250.50');
    expect(mail.text).toContain('Deposit (1 of 2): $250.50');
    expect(mail.text).toContain('December 1, 2026');
    expect(mail.text).toContain('http://portal.test/invoices');
    const attachments = mail.parsed.attachments;
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({ filename: `${number}.pdf`, contentType: 'application/pdf' });
    const pdf = attachments[0].content;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf).join('\n');
    for (const shown of [number!, client.username, '$1,250.50', '1. Deposit', '2. Balance', 'January 15, 2027'])
      expect(text).toContain(shown);

    const [row] = await t.db.query(`SELECT sent_at FROM invoices WHERE id = $1`, [invoiceId]);
    expect((row.sent_at as Date).toISOString()).toBe(sentAt);
    const [audit] = await t.db.query(
      `SELECT actor_id, actor_email, target_type, target_id, summary FROM audit_events WHERE action = 'invoice.sent' AND target_id = $1`,
      [String(invoiceId)],
    );
    expect(audit).toEqual({
      actor_id: adminId,
      actor_email: ADMIN.email,
      target_type: 'invoice',
      target_id: String(invoiceId),
      summary: `Sent invoice ${number} to ${client.email}`,
    });
    const events = await eventually(async () => {
      const got = receiver.at(hook).map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
      expect(got.length).toBeGreaterThan(0);
      return got;
    });
    expect(events.find((e) => e.data.id === invoiceId)).toMatchObject({
      type: 'invoice.sent',
      data: {
        id: invoiceId,
        number,
        projectId,
        clientId: client.id,
        status: 'open',
        total: 1250.5,
        due: 1250.5,
        nextDueDate: '2026-12-01',
      },
    });
  });

  it('sends again on request, moving sentAt', async () => {
    const client = await clientAgent(t, 'again');
    const { invoiceId } = await invoiceOf(client.id, '80');
    const first = await t.app.get(SendInvoice).send(invoiceId, { id: adminId, email: ADMIN.email });
    const second = await t.app.get(SendInvoice).send(invoiceId, { id: adminId, email: ADMIN.email });
    expect(second.sentAt >= first.sentAt).toBe(true);
    await eventually(async () =>
      expect(t.smtp.messages.filter((m) => m.to.includes(client.email) && m.subject.startsWith('Invoice '))).toHaveLength(2),
    );
  });

  it('does not send a draft (no total, no number yet)', async () => {
    const client = await clientAgent(t, 'draft');
    const { invoiceId, number } = await invoiceOf(client.id, '0');
    expect(number).toBeNull();
    await expect(t.app.get(SendInvoice).send(invoiceId, { id: adminId, email: ADMIN.email })).rejects.toMatchObject({
      code: 'BILLING.NOT_SENDABLE',
    });
    const [row] = await t.db.query(`SELECT sent_at FROM invoices WHERE id = $1`, [invoiceId]);
    expect(row.sent_at).toBeNull();
    expect(await t.db.query(`SELECT 1 FROM email_outbox WHERE kind = 'invoice' AND to_address = $1`, [client.email])).toEqual([]);
  });
});
