import type { EmailDraft } from '../../domain/email-message';
import { escapeHtml, renderLayout, textSignature } from './layout';

export function resetCodeEmail(p: { to: string; username: string; code: string; validMinutes: number; appUrl: string }): EmailDraft {
  const url = `${p.appUrl}/reset-password`;
  return {
    kind: 'password-reset',
    to: p.to,
    compose: (brand) => ({
      subject: 'Your password reset code',
      html: renderLayout(
        {
          preheader: `Your verification code is ${p.code}.`,
          heading: 'Reset your password',
          bodyHtml:
            `<p style="margin:0 0 12px">Hello ${escapeHtml(p.username)}, use this verification code to reset your password:</p>` +
            `<p style="margin:0 0 12px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:Menlo,Consolas,monospace">${escapeHtml(p.code)}</p>` +
            `<p style="margin:0">The code is valid for ${p.validMinutes} minutes. If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.</p>`,
          action: { label: 'Reset password', url },
        },
        brand,
      ),
      text:
        `Hello ${p.username},\n\nUse this verification code to reset your password: ${p.code}\n\n` +
        `Enter it at ${url}. The code is valid for ${p.validMinutes} minutes.\n` +
        `If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.\n` +
        textSignature(brand),
    }),
  };
}
