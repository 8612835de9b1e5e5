import type { EmailDraft } from '../../domain/email-message';
import { accentOf, escapeHtml, renderLayout, textSignature } from './layout';

/**
 * Sent on registration. A client who signed up gets the link that verifies the address (CONTRACT §8)
 * as the e-mail's button; an account the admin made is verified already and gets the portal's.
 */
export function welcomeEmail(p: { to: string; username: string; appUrl: string; verifyUrl?: string }): EmailDraft {
  const url = `${p.appUrl}/projects`;
  const subject = 'Welcome to your photography client portal';
  const ready =
    'Your account is ready. In your portal you can see your photo projects, pay for them online and download your images as soon as they are paid.';
  const confirm = 'Please confirm your email address with the button below (the link works once, for 7 days).';
  return {
    kind: 'welcome',
    to: p.to,
    compose: (brand) => ({
      subject,
      html: renderLayout(
        {
          preheader: 'Your client portal account is ready.',
          heading: `Welcome, ${p.username}!`,
          bodyHtml:
            `<p style="margin:0 0 12px">${ready}</p>` +
            `<p style="margin:0${p.verifyUrl ? ' 0 12px' : ''}">Sign in with <strong>${escapeHtml(p.to)}</strong> at <a href="${escapeHtml(url)}" style="color:${accentOf(brand)}">${escapeHtml(url)}</a>.</p>` +
            (p.verifyUrl ? `<p style="margin:0">${confirm}</p>` : ''),
          action: p.verifyUrl ? { label: 'Confirm my email address', url: p.verifyUrl } : { label: 'Open my projects', url },
        },
        brand,
      ),
      text:
        `Welcome, ${p.username}!\n\n${ready}\n\n` +
        `Sign in with ${p.to}: ${url}\n` +
        (p.verifyUrl ? `\n${confirm}\n${p.verifyUrl}\n` : '') +
        textSignature(brand),
    }),
  };
}
