import type { EmailDraft } from '../../domain/email-message';
import { escapeHtml, renderLayout, textSignature } from './layout';

/**
 * To the account's owner when its second proofs ran out (CONTRACT §12): someone gave the right password
 * and then too many wrong sign-in codes. Sign-in codes are refused for the rest of the window; the only
 * real fix is a new password, so that is the one action offered.
 */
export function passwordKnownEmail(p: {
  to: string;
  username: string;
  wrongCodes: number;
  lockMinutes: number;
  appUrl: string;
}): EmailDraft {
  const url = `${p.appUrl}/forgot-password`;
  const what =
    `Someone signed in to your account with your password, then gave ${p.wrongCodes} wrong sign-in codes ` +
    `(from an authenticator app, a recovery code or a code sent by e-mail).`;
  const now = `To protect your account, sign-in codes are refused for the next ${p.lockMinutes} minutes.`;
  const todo = 'If this was not you, someone knows your password: change it now. If it was you, you can ignore this message.';
  return {
    kind: 'password-known',
    to: p.to,
    compose: (brand) => ({
      subject: 'Someone knows your password',
      html: renderLayout(
        {
          preheader: 'Someone signed in with your password and tried many sign-in codes.',
          heading: `Hello ${p.username},`,
          bodyHtml:
            `<p style="margin:0 0 12px">${escapeHtml(what)}</p>` +
            `<p style="margin:0 0 12px">${escapeHtml(now)}</p>` +
            `<p style="margin:0">${escapeHtml(todo)}</p>`,
          action: { label: 'Change my password', url },
        },
        brand,
      ),
      text: `Hello ${p.username},\n\n${what}\n\n${now}\n\n${todo}\n${url}\n` + textSignature(brand),
    }),
  };
}
