import type { EmailDraft } from '../../domain/email-message';
import { escapeHtml, renderLayout, textSignature } from './layout';

export function projectNotificationEmail(p: {
  to: string;
  username: string;
  projectName: string;
  /** The project's price in cents, written in the studio's currency and locale. */
  priceCents: number;
  appUrl: string;
}): EmailDraft {
  const url = `${p.appUrl}/projects`;
  return {
    kind: 'project-notification',
    to: p.to,
    compose: (brand) => {
      const price = brand.studio.formatMoney(p.priceCents);
      return {
        subject: `Your new project: ${p.projectName}`,
        html: renderLayout(
          {
            preheader: `${p.projectName} is ready in your client portal.`,
            heading: 'A new project is ready for you',
            bodyHtml:
              `<p style="margin:0 0 12px">Hello ${escapeHtml(p.username)}, your photographer has added a project to your portal:</p>` +
              `<p style="margin:0 0 12px;font-size:18px;font-weight:700">${escapeHtml(p.projectName)}</p>` +
              `<p style="margin:0">Total: <strong>${escapeHtml(price)}</strong>. Open your portal to see the details, pay online and download your photos once it is paid.</p>`,
            action: { label: 'View my projects', url },
          },
          brand,
        ),
        text:
          `Hello ${p.username},\n\nYour photographer has added a project to your portal: ${p.projectName}\nTotal: ${price}\n\n` +
          `Open your portal to see the details, pay online and download your photos once it is paid: ${url}\n` +
          textSignature(brand),
      };
    },
  };
}
