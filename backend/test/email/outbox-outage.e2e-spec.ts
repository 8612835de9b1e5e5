import { OutboxDispatcher } from '../../src/modules/email';
import { SmtpSink } from '../support/smtp-sink';
import { adminAgent, createTestApp, eventually } from '../support/test-app';

const tag = () => `${process.pid}${Math.random().toString(36).slice(2, 8)}`;

describe('The outbox loses nothing (CONTRACT §5)', () => {
  it('keeps messages queued while the SMTP server is down and delivers each exactly once when it is back', async () => {
    const smtp = await new SmtpSink().start();
    const t = await createTestApp({ OUTBOX_RETRY_MS: '200', OUTBOX_POLL_MS: '100' }, { smtp });
    try {
      const admin = await adminAgent(t);
      await smtp.stop();
      const subject = `Outage ${tag()}`;
      const recipients = Array.from({ length: 12 }, (_, i) => `outage${i}x${tag()}@example.com`);
      const custom = await admin
        .post('/api/admin/send-custom-email')
        .send({ recipients, subject, htmlContent: '<p>Still here</p>', sendToAll: false })
        .expect(200);
      expect(custom.body.success).toBe(true);
      expect(custom.body.message).toMatch(/stored in the outbox/);
      const invitee = `invitee${tag()}@example.com`;
      const invite = await admin.post('/api/admin/send-client-invitation').send({ email: invitee, clientName: 'Outage Ann' }).expect(200);
      expect(invite.body.success).toBe(true);
      expect(invite.body.message).toMatch(/ECONNREFUSED/);
      const test = await admin.post('/api/admin/test-email').send({ email: invitee, type: 'project' }).expect(200);
      expect(test.body.success).toBe(false);

      const all = [...recipients, invitee];
      // Down: every message is still there, tried at least once, with the connection error kept.
      await eventually(async () => {
        const rows: Array<{ status: string; attempts: number; last_error: string | null }> = await t.db.query(
          `SELECT status, attempts, last_error FROM email_outbox WHERE subject = $1 OR to_address = $2`,
          [subject, invitee],
        );
        expect(rows).toHaveLength(all.length + 1);
        for (const r of rows) {
          expect(['pending', 'sending']).toContain(r.status);
          expect(r.attempts).toBeGreaterThanOrEqual(2);
          expect(r.last_error).toMatch(/ECONNREFUSED/);
        }
      });
      expect(smtp.messages.filter((m) => m.subject === subject)).toHaveLength(0);

      const down = await t.db.query(
        `SELECT count(*)::int AS n, sum(attempts)::int AS tries FROM email_outbox WHERE subject = $1 OR to_address = $2`,
        [subject, invitee],
      );
      const restartedAt = Date.now();
      await smtp.restart();
      await eventually(async () => {
        const rows = await t.db.query(`SELECT status FROM email_outbox WHERE subject = $1 OR to_address = $2`, [subject, invitee]);
        expect(rows.every((r: { status: string }) => r.status === 'sent')).toBe(true);
      }, 20_000);
      const got = smtp.messages.filter((m) => m.subject === subject).flatMap((m) => m.to);
      console.log(
        `SMTP outage: ${down[0].n} messages stored while the server was down, ${down[0].tries} tries refused (ECONNREFUSED); ` +
          `all ${down[0].n} sent ${Date.now() - restartedAt} ms after it came back, ${got.length + smtp.to(invitee).length} arrived, none twice`,
      );
      expect(got.sort()).toEqual([...recipients].sort());
      expect(
        smtp
          .to(invitee)
          .map((m) => m.subject)
          .sort(),
      ).toEqual(['You are invited to your photography client portal', '[Test] Your new project: Sample project: Harbour Lane listing']);
    } finally {
      await t.close();
      await smtp.stop();
    }
  });

  it('with two app instances on one database, each message is sent once', async () => {
    const smtp = await new SmtpSink().start();
    const a = await createTestApp({ OUTBOX_POLL_MS: '50' }, { smtp });
    const b = await createTestApp({ OUTBOX_POLL_MS: '50' }, { smtp });
    try {
      const subject = `Two instances ${tag()}`;
      const recipients = Array.from({ length: 60 }, (_, i) => `twice${i}x${tag()}@example.com`);
      await a.db.query(
        `INSERT INTO email_outbox (kind, to_address, subject, html, text)
         SELECT 'custom', r, $1, '<p>Once</p>', 'Once' FROM unnest($2::varchar[]) AS r`,
        [subject, recipients],
      );
      a.app.get(OutboxDispatcher).kick();
      b.app.get(OutboxDispatcher).kick();
      await eventually(async () => {
        expect(smtp.messages.filter((m) => m.subject === subject)).toHaveLength(60);
      }, 20_000);
      await new Promise((r) => setTimeout(r, 500));
      const got = smtp.messages.filter((m) => m.subject === subject).flatMap((m) => m.to);
      expect(got).toHaveLength(60);
      expect(new Set(got).size).toBe(60);
      const rows = await a.db.query(`SELECT status, attempts FROM email_outbox WHERE subject = $1`, [subject]);
      expect(rows.every((r: { status: string; attempts: number }) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await smtp.stop();
    }
  });
});
