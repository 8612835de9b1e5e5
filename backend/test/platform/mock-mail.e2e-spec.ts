import { createTestApp, eventually, newClient, TestApp } from '../support/test-app';

describe('E-mail with SMTP_URL unset: the mock transport', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: '' });
  });
  afterAll(() => t.close());

  it('keeps the message in the outbox as logged and sends nothing', async () => {
    const c = newClient('mock');
    await t.http().post('/api/register').send(c).expect(201);
    await eventually(async () => {
      const rows = await t.db.query(`SELECT kind, status, subject, sent_at FROM email_outbox WHERE to_address = $1`, [c.email]);
      expect(rows).toEqual([
        { kind: 'welcome', status: 'logged', subject: 'Welcome to your photography client portal', sent_at: expect.any(Date) },
      ]);
    });
    expect(t.smtp.messages).toHaveLength(0);
  });
});
