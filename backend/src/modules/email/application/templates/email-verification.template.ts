import type { EmailDraft } from '../../domain/email-message';
import { escapeHtml, renderLayout, textSignature } from './layout';

/** A verification link for a changed address, or a new link the client asked for (CONTRACT §8). */
export function emailVerificationEmail(p: { to: string; username: string; verifyUrl: string; reason: 'changed' | 'resend' }): EmailDraft {
  const subject = 'Confirm your email address';
  const why =
    p.reason === 'changed'
      ? `This is now the e-mail address of your client portal account.`
      : `You asked for a new link to confirm the e-mail address of your client portal account.`;
  const how = 'Please confirm it with the button below (the link works once, for 7 days).';
  return {
    kind: 'email-verification',
    to: p.to,
    compose: (brand) => ({
      subject,
      html: renderLayout(
        {
          preheader: 'Confirm your email address.',
          heading: `Hello ${p.username},`,
          bodyHtml: `<p style="margin:0 0 12px">${why} <strong>${escapeHtml(p.to)}</strong></p><p style="margin:0">${how}</p>`,
          action: { label: 'Confirm my email address', url: p.verifyUrl },
        },
        brand,
      ),
      text: `Hello ${p.username},\n\n${why} ${p.to}\n\n${how}\n${p.verifyUrl}\n` + textSignature(brand),
    }),
  };
}
