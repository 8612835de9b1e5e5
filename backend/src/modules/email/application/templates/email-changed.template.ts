import type { EmailDraft } from '../../domain/email-message';
import { escapeHtml, renderLayout, textSignature } from './layout';

/**
 * To the old address after an account's e-mail changed (CONTRACT §8): who changed it cannot be told
 * from here, so it says what happened and what to do if it was not the owner.
 */
export function emailChangedEmail(p: { to: string; newEmail: string; username: string; appUrl: string }): EmailDraft {
  const url = `${p.appUrl}/forgot-password`;
  const subject = 'Your client portal e-mail address was changed';
  const said = `The e-mail address of your client portal account was changed from ${p.to} to ${p.newEmail}. From now on, sign in and receive messages at the new address.`;
  const ifNot = 'If you did not make this change, reset your password now and contact the studio.';
  return {
    kind: 'email-changed',
    to: p.to,
    compose: (brand) => ({
      subject,
      html: renderLayout(
        {
          preheader: 'The e-mail address of your account was changed.',
          heading: `Hello ${p.username},`,
          bodyHtml:
            `<p style="margin:0 0 12px">The e-mail address of your client portal account was changed from <strong>${escapeHtml(p.to)}</strong> to <strong>${escapeHtml(p.newEmail)}</strong>. From now on, sign in and receive messages at the new address.</p>` +
            `<p style="margin:0">${ifNot}</p>`,
          action: { label: 'Reset my password', url },
        },
        brand,
      ),
      text: `Hello ${p.username},\n\n${said}\n\n${ifNot}\n${url}\n` + textSignature(brand),
    }),
  };
}
