import type { EmailDraft } from '../../domain/email-message';
import { projectNotificationEmail } from './project-notification.template';
import { welcomeEmail } from './welcome.template';

export type TestEmailType = 'welcome' | 'project';

/**
 * A test of one of the automatic e-mails, as a client would receive it, with sample data and the
 * subject marked as a test.
 */
export function testEmail(p: { to: string; type: TestEmailType; appUrl: string; username?: string }): EmailDraft {
  const username = p.username ?? 'Sample Client';
  const m =
    p.type === 'welcome'
      ? welcomeEmail({ to: p.to, username, appUrl: p.appUrl })
      : projectNotificationEmail({
          to: p.to,
          username,
          projectName: 'Sample project: Harbour Lane listing',
          priceCents: 45000,
          appUrl: p.appUrl,
        });
  return {
    kind: 'test',
    to: m.to,
    compose: (brand) => {
      const composed = m.compose(brand);
      return { ...composed, subject: `[Test] ${composed.subject}` };
    },
  };
}
