import { resetCodeEmail } from './reset-code.template';
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
});
