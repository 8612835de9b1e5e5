import type { EmailMessage } from '../../domain/email-message';
import { escapeHtml, renderLayout } from './layout';

export function welcomeEmail(p: { to: string; username: string; appUrl: string }): EmailMessage {
  const url = `${p.appUrl}/projects`;
  const subject = 'Welcome to your photography client portal';
  return {
    kind: 'welcome',
    to: p.to,
    subject,
    html: renderLayout({
      preheader: 'Your client portal account is ready.',
      heading: `Welcome, ${p.username}!`,
      bodyHtml:
        `<p style="margin:0 0 12px">Your account is ready. In your portal you can see your photo projects, pay for them online and download your images as soon as they are paid.</p>` +
        `<p style="margin:0">Sign in with <strong>${escapeHtml(p.to)}</strong>.</p>`,
      action: { label: 'Open my projects', url },
    }),
    text:
      `Welcome, ${p.username}!\n\n` +
      `Your account is ready. In your portal you can see your photo projects, pay for them online and download your images as soon as they are paid.\n\n` +
      `Sign in with ${p.to}: ${url}\n`,
  };
}
