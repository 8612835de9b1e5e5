import type { EmailDraft } from '../../domain/email-message';
import { accentOf, escapeHtml, renderLayout, textSignature } from './layout';

/**
 * CONTRACT §5 and §8: the link opens the Register tab pre-filled with the invited address, and carries
 * the invitation's token, which verifies that address when the account is made with it.
 */
export function invitationLink(appUrl: string, email: string, invite?: string): string {
  return `${appUrl}/auth?tab=register&email=${encodeURIComponent(email)}${invite ? `&invite=${invite}` : ''}`;
}

export function invitationEmail(p: {
  to: string;
  clientName: string;
  customMessage?: string;
  appUrl: string;
  invite?: string;
}): EmailDraft {
  const url = invitationLink(p.appUrl, p.to, p.invite);
  const note = p.customMessage?.trim();
  return {
    kind: 'invitation',
    to: p.to,
    compose: (brand) => {
      const noteHtml = note
        ? `<p style="margin:0 0 12px;padding:12px 16px;background:#f1f5f9;border-left:4px solid ${accentOf(brand)};border-radius:4px;white-space:pre-line">${escapeHtml(note)}</p>`
        : '';
      return {
        subject: 'You are invited to your photography client portal',
        html: renderLayout(
          {
            preheader: 'Create your account to see your projects, pay online and book sessions.',
            heading: `Hello ${p.clientName},`,
            bodyHtml:
              `<p style="margin:0 0 12px">Your photographer invites you to the client portal, where you can see your photo projects, pay for them online, use prepaid credits and book your next session.</p>` +
              noteHtml +
              `<p style="margin:0">The button below opens the registration page with your e-mail address <strong>${escapeHtml(p.to)}</strong> already filled in: choose a name and a password and you are in.</p>`,
            action: { label: 'Create my account', url },
            footer:
              'You receive this e-mail because your photographer invited you to their client portal. If you did not expect it, you can ignore it.',
          },
          brand,
        ),
        text:
          `Hello ${p.clientName},\n\n` +
          `Your photographer invites you to the client portal, where you can see your photo projects, pay for them online, use prepaid credits and book your next session.\n\n` +
          (note ? `${note}\n\n` : '') +
          `Create your account (your e-mail address ${p.to} is already filled in):\n${url}\n` +
          textSignature(brand),
      };
    },
  };
}
