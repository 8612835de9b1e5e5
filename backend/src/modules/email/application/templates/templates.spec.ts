import { receiptEmail } from './receipt.template';
import { customEmail } from './custom.template';
import { invitationEmail, invitationLink } from './invitation.template';
import { resetCodeEmail } from './reset-code.template';
import { testEmail } from './test.template';
import { welcomeEmail } from './welcome.template';

describe('e-mail templates', () => {
  it('escapes names in the HTML part and keeps them readable in the text part', () => {
    const m = welcomeEmail({ to: 'a@example.com', username: '<b>Ann & Co</b>', appUrl: 'http://studio.test' });
    expect(m.html).toContain('&lt;b&gt;Ann &amp; Co&lt;/b&gt;');
    expect(m.html).not.toContain('<b>Ann');
    expect(m.text).toContain('Welcome, <b>Ann & Co</b>!');
    expect(m.html).toContain('href="http://studio.test/projects"');
  });

  it('puts the code in both parts of the reset e-mail', () => {
    const m = resetCodeEmail({ to: 'a@example.com', username: 'Ann', code: '042917', validMinutes: 15, appUrl: 'http://studio.test' });
    expect(m.subject).toBe('Your password reset code');
    expect(m.html).toContain('042917');
    expect(m.text).toContain('042917');
    expect(m.text).toContain('15 minutes');
  });

  it('links an invitation to Register pre-filled with the address, encoded', () => {
    expect(invitationLink('http://studio.test', 'ann+shoot@example.com')).toBe(
      'http://studio.test/auth?tab=register&email=ann%2Bshoot%40example.com',
    );
    const m = invitationEmail({
      to: 'ann+shoot@example.com',
      clientName: 'Ann',
      customMessage: '  <i>Friday</i> at 10  ',
      appUrl: 'http://studio.test',
    });
    expect(m.kind).toBe('invitation');
    expect(m.html).toContain('href="http://studio.test/auth?tab=register&amp;email=ann%2Bshoot%40example.com"');
    expect(m.html).toContain('&lt;i&gt;Friday&lt;/i&gt; at 10');
    expect(m.text).toContain('<i>Friday</i> at 10\n');
    expect(m.text).toContain('http://studio.test/auth?tab=register&email=ann%2Bshoot%40example.com');
    expect(invitationEmail({ to: 'a@example.com', clientName: 'Ann', appUrl: 'http://studio.test' }).html).not.toContain('border-left');
  });

  it('sends custom HTML as written, with a text part made from it', () => {
    const html = '<p>Hello <b>all</b></p><script>x()</script>';
    const m = customEmail({ subject: 'News', html });
    expect(m).toEqual({ kind: 'custom', subject: 'News', html, text: 'Hello all' });
    expect(customEmail({ subject: 'Only markup', html: '<img src="x.png">' }).text).toBe('Only markup');
  });

  it('marks test e-mails and fills them with sample data', () => {
    const w = testEmail({ to: 'me@example.com', type: 'welcome', appUrl: 'http://studio.test', username: 'Owner' });
    expect(w).toMatchObject({ kind: 'test', to: 'me@example.com', subject: '[Test] Welcome to your photography client portal' });
    expect(w.text).toContain('Welcome, Owner!');
    const p = testEmail({ to: 'me@example.com', type: 'project', appUrl: 'http://studio.test' });
    expect(p.subject).toBe('[Test] Your new project: Sample project: Harbour Lane listing');
    expect(p.text).toContain('Hello Sample Client');
  });
});

describe('receiptEmail', () => {
  it('puts the receipt number in the subject and both parts, with the payment details, names escaped', () => {
    const m = receiptEmail({
      to: 'ann@example.com',
      username: 'Ann <b>Lee</b>',
      studioName: 'Harbour Light Studio',
      receiptNumber: 'R-000123',
      description: 'Photography project: Harbour & Lane',
      amount: 1250.5,
      method: 'Card (Stripe)',
      date: 'January 5, 2026, 15:04 UTC',
      appUrl: 'http://portal.test',
    });
    expect(m).toMatchObject({ kind: 'receipt', to: 'ann@example.com', subject: 'Your receipt R-000123 from Harbour Light Studio' });
    expect(m.html).toContain('R-000123');
    expect(m.html).toContain('Ann &lt;b&gt;Lee&lt;/b&gt;');
    expect(m.html).toContain('Harbour &amp; Lane');
    expect(m.text).toContain('Receipt number: R-000123');
    expect(m.text).toContain('Amount paid: $1,250.50');
    expect(m.text).toContain('http://portal.test/payments');
  });
});
