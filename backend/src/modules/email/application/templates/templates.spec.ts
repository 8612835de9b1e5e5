import { Studio } from '../../../studio';
import { composeEmail, type EmailBrand, type EmailDraft } from '../../domain/email-message';
import { projectNotificationEmail } from './project-notification.template';
import { receiptEmail } from './receipt.template';
import { customEmail } from './custom.template';
import { invitationEmail, invitationLink } from './invitation.template';
import { resetCodeEmail } from './reset-code.template';
import { testEmail } from './test.template';
import { welcomeEmail } from './welcome.template';

const defaultBrand: EmailBrand = { studio: Studio.default(), logo: null };
/** What the default studio sends. */
const sent = (draft: EmailDraft, brand: EmailBrand = defaultBrand) => composeEmail(draft, brand);

describe('e-mail templates', () => {
  it('escapes names in the HTML part and keeps them readable in the text part', () => {
    const m = sent(welcomeEmail({ to: 'a@example.com', username: '<b>Ann & Co</b>', appUrl: 'http://studio.test' }));
    expect(m.html).toContain('&lt;b&gt;Ann &amp; Co&lt;/b&gt;');
    expect(m.html).not.toContain('<b>Ann');
    expect(m.text).toContain('Welcome, <b>Ann & Co</b>!');
    expect(m.html).toContain('href="http://studio.test/projects"');
  });

  it('puts the code in both parts of the reset e-mail', () => {
    const m = sent(
      resetCodeEmail({ to: 'a@example.com', username: 'Ann', code: '042917', validMinutes: 15, appUrl: 'http://studio.test' }),
    );
    expect(m.subject).toBe('Your password reset code');
    expect(m.html).toContain('042917');
    expect(m.text).toContain('042917');
    expect(m.text).toContain('15 minutes');
  });

  it('links an invitation to Register pre-filled with the address, encoded', () => {
    expect(invitationLink('http://studio.test', 'ann+shoot@example.com')).toBe(
      'http://studio.test/auth?tab=register&email=ann%2Bshoot%40example.com',
    );
    const m = sent(
      invitationEmail({
        to: 'ann+shoot@example.com',
        clientName: 'Ann',
        customMessage: '  <i>Friday</i> at 10  ',
        appUrl: 'http://studio.test',
      }),
    );
    expect(m.kind).toBe('invitation');
    expect(m.html).toContain('href="http://studio.test/auth?tab=register&amp;email=ann%2Bshoot%40example.com"');
    expect(m.html).toContain('&lt;i&gt;Friday&lt;/i&gt; at 10');
    expect(m.text).toContain('<i>Friday</i> at 10\n');
    expect(m.text).toContain('http://studio.test/auth?tab=register&email=ann%2Bshoot%40example.com');
    expect(sent(invitationEmail({ to: 'a@example.com', clientName: 'Ann', appUrl: 'http://studio.test' })).html).not.toContain(
      'border-left',
    );
  });

  it('sends custom HTML as written, with a text part made from it', () => {
    const html = '<p>Hello <b>all</b></p><script>x()</script>';
    const m = customEmail({ subject: 'News', html });
    expect(m).toEqual({ kind: 'custom', subject: 'News', html, text: 'Hello all' });
    expect(customEmail({ subject: 'Only markup', html: '<img src="x.png">' }).text).toBe('Only markup');
  });

  it('marks test e-mails and fills them with sample data', () => {
    const w = sent(testEmail({ to: 'me@example.com', type: 'welcome', appUrl: 'http://studio.test', username: 'Owner' }));
    expect(w).toMatchObject({ kind: 'test', to: 'me@example.com', subject: '[Test] Welcome to your photography client portal' });
    expect(w.text).toContain('Welcome, Owner!');
    const p = sent(testEmail({ to: 'me@example.com', type: 'project', appUrl: 'http://studio.test' }));
    expect(p.subject).toBe('[Test] Your new project: Sample project: Harbour Lane listing');
    expect(p.text).toContain('Hello Sample Client');
  });
});

describe('receiptEmail', () => {
  it('puts the receipt number in the subject and both parts, with the payment details, names escaped', () => {
    const m = sent(
      receiptEmail({
        to: 'ann@example.com',
        username: 'Ann <b>Lee</b>',
        receiptNumber: 'R-000123',
        description: 'Photography project: Harbour & Lane',
        amountCents: 125050,
        method: 'Card (Stripe)',
        date: 'January 5, 2026, 15:04 UTC',
        appUrl: 'http://portal.test',
      }),
      { studio: new Studio({ ...Studio.default().props, name: 'Harbour Light Studio' }), logo: null },
    );
    expect(m).toMatchObject({ kind: 'receipt', to: 'ann@example.com', subject: 'Your receipt R-000123 from Harbour Light Studio' });
    expect(m.html).toContain('R-000123');
    expect(m.html).toContain('Ann &lt;b&gt;Lee&lt;/b&gt;');
    expect(m.html).toContain('Harbour &amp; Lane');
    expect(m.text).toContain('Receipt number: R-000123');
    expect(m.text).toContain('Amount paid: $1,250.50');
    expect(m.text).toContain('http://portal.test/payments');
  });
});

describe("the studio's brand in every e-mail (CONTRACT §13)", () => {
  const harbour = (over: Partial<Studio['props']> = {}) =>
    new Studio({
      ...Studio.default().props,
      name: 'Harbour & Light <Photography>',
      accentColor: '#0f766e',
      address: '12 Quay Street\nGalway',
      phone: '+353 91 555 0100',
      email: 'hello@harbourlight.ie',
      website: 'https://harbourlight.ie/?a=1&b=<2>',
      currency: 'EUR',
      locale: 'de-DE',
      logoVersion: 3,
      ...over,
    });
  const brand = (studio = harbour()): EmailBrand => ({
    studio,
    logo: studio.logoPath ? { url: `https://portal.harbourlight.ie${studio.logoPath}`, width: 144, height: 48 } : null,
  });
  const drafts: Array<[string, EmailDraft]> = [
    ['welcome', welcomeEmail({ to: 'a@example.com', username: 'Ann', appUrl: 'http://x.test' })],
    ['reset', resetCodeEmail({ to: 'a@example.com', username: 'Ann', code: '042917', validMinutes: 15, appUrl: 'http://x.test' })],
    ['invitation', invitationEmail({ to: 'a@example.com', clientName: 'Ann', customMessage: 'Hi', appUrl: 'http://x.test' })],
    ['test', testEmail({ to: 'a@example.com', type: 'project', appUrl: 'http://x.test' })],
  ];

  it.each(drafts)('%s: the logo in the header (absolute, sized, named), the accent colour, the footer escaped', (_, draft) => {
    const m = sent(draft, brand());
    expect(m.html).toContain(
      '<img src="https://portal.harbourlight.ie/api/studio/logo?v=3" alt="Harbour &amp; Light &lt;Photography&gt;" width="144" height="48"',
    );
    expect(m.html).toContain('background:#0f766e');
    expect(m.html).not.toContain('#1e3a8a');
    expect(m.html).not.toContain('Studio Portal');
    expect(m.html).not.toContain('<Photography>');
    // The footer: name and contact lines, escaped.
    expect(m.html).toContain('<div style="font-weight:700;color:#334155">Harbour &amp; Light &lt;Photography&gt;</div>');
    expect(m.html).toContain(
      '12 Quay Street\nGalway<br>+353 91 555 0100<br>hello@harbourlight.ie<br>https://harbourlight.ie/?a=1&amp;b=&lt;2&gt;',
    );
    expect(m.text).toContain(
      '\n--\nHarbour & Light <Photography>\n12 Quay Street\nGalway\n+353 91 555 0100\nhello@harbourlight.ie\nhttps://harbourlight.ie/?a=1&b=<2>\n',
    );
  });

  it("shows the studio's name in the header when it has no logo", () => {
    const m = sent(welcomeEmail({ to: 'a@example.com', username: 'Ann', appUrl: 'http://x.test' }), brand(harbour({ logoVersion: null })));
    expect(m.html).not.toContain('<img');
    expect(m.html).toContain(
      'background:#0f766e;color:#ffffff;padding:20px 28px;font-size:18px;font-weight:700;letter-spacing:.3px">Harbour &amp; Light &lt;Photography&gt;</td>',
    );
  });

  it("writes money in the studio's currency and locale: '75,00 €' for a de-DE EUR studio, '$75.00' by default", () => {
    const project = projectNotificationEmail({
      to: 'a@example.com',
      username: 'Ann',
      projectName: 'Shoot',
      priceCents: 7500,
      appUrl: 'http://x.test',
    });
    expect(sent(project, brand()).text).toContain('Total: 75,00\u00a0€');
    expect(sent(project, brand()).html).toContain('<strong>75,00\u00a0€</strong>');
    expect(sent(project).text).toContain('Total: $75.00');
    const receipt = receiptEmail({
      to: 'a@example.com',
      username: 'Ann',
      receiptNumber: 'R-000001',
      description: 'Photography project: Shoot',
      amountCents: 7500,
      method: 'Manual',
      date: 'January 5, 2026, 15:04 UTC',
      appUrl: 'http://x.test',
    });
    const inEuro = sent(receipt, brand(harbour({ locale: 'en-IE' })));
    expect(inEuro.text).toContain('Amount paid: €75.00');
    expect(inEuro.subject).toBe('Your receipt R-000001 from Harbour & Light <Photography>');
    expect(sent(receipt).text).toContain('Amount paid: $75.00');
  });

  it('the default studio: its name in the header on the default blue, and no contact lines', () => {
    const m = sent(welcomeEmail({ to: 'a@example.com', username: 'Ann', appUrl: 'http://x.test' }));
    expect(m.html).toContain(
      'background:#1e3a8a;color:#ffffff;padding:20px 28px;font-size:18px;font-weight:700;letter-spacing:.3px">Studio Portal</td>',
    );
    expect(m.text).toContain('\n--\nStudio Portal\n');
  });
});
