import type { EmailDraft } from '../../domain/email-message';
import { escapeHtml, renderLayout, textSignature } from './layout';

/**
 * The second proof of CONTRACT §5: after many failed sign-ins from many addresses, the right password
 * is followed by this code. Its wording tells the owner what happened and what to do if it wasn't them.
 */
export function signInCodeEmail(p: { to: string; username: string; code: string; validMinutes: number; appUrl: string }): EmailDraft {
  const url = `${p.appUrl}/auth`;
  return {
    kind: 'sign-in-code',
    to: p.to,
    compose: (brand) => ({
      subject: 'Your sign-in code',
      html: renderLayout(
        {
          preheader: `Your sign-in code is ${p.code}.`,
          heading: 'Confirm it is you',
          bodyHtml:
            `<p style="margin:0 0 12px">Hello ${escapeHtml(p.username)}, someone signed in to your account with your password. ` +
            `Many wrong passwords were tried on it recently, so we ask for this code too:</p>` +
            `<p style="margin:0 0 12px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:Menlo,Consolas,monospace">${escapeHtml(p.code)}</p>` +
            `<p style="margin:0">The code is valid for ${p.validMinutes} minutes. If this was not you, do not share the code, and change your password.</p>`,
          action: { label: 'Open the portal', url },
        },
        brand,
      ),
      text:
        `Hello ${p.username},\n\nSomeone signed in to your account with your password. Many wrong passwords were tried on it recently, ` +
        `so we ask for this code too: ${p.code}\n\nThe code is valid for ${p.validMinutes} minutes.\n` +
        `If this was not you, do not share the code, and change your password.\n` +
        textSignature(brand),
    }),
  };
}
