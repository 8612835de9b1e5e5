import type { EmailDraft } from '../../domain/email-message';
import { escapeHtml, renderLayout, textSignature } from './layout';

/** The receipt of a completed payment (CONTRACT §11); the PDF is attached by the caller. */
export function receiptEmail(p: {
  to: string;
  username: string;
  receiptNumber: string;
  description: string;
  /** In cents, written in the studio's currency and locale. */
  amountCents: number;
  method: string;
  date: string;
  appUrl: string;
}): EmailDraft {
  const url = `${p.appUrl}/payments`;
  return {
    kind: 'receipt',
    to: p.to,
    compose: (brand) => {
      const amount = brand.studio.formatMoney(p.amountCents);
      const rows: Array<[string, string]> = [
        ['Receipt number', p.receiptNumber],
        ['For', p.description],
        ['Amount paid', amount],
        ['Payment method', p.method],
        ['Date', p.date],
      ];
      const table =
        `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:0 0 12px">` +
        rows
          .map(
            ([label, value]) =>
              `<tr><td style="padding:6px 12px 6px 0;color:#64748b;white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td>` +
              `<td style="padding:6px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
          )
          .join('') +
        `</table>`;
      return {
        subject: `Your receipt ${p.receiptNumber} from ${brand.studio.name}`,
        html: renderLayout(
          {
            preheader: `Receipt ${p.receiptNumber}: ${amount} received. Thank you!`,
            heading: 'Thank you for your payment',
            bodyHtml:
              `<p style="margin:0 0 12px">Hello ${escapeHtml(p.username)}, we have received your payment. Your receipt is attached as a PDF.</p>` +
              table +
              `<p style="margin:0">You can download your receipts at any time from the Payments page of your portal.</p>`,
            action: { label: 'View my payments', url },
          },
          brand,
        ),
        text:
          `Hello ${p.username},\n\nWe have received your payment. Your receipt is attached as a PDF.\n\n` +
          rows.map(([label, value]) => `${label}: ${value}`).join('\n') +
          `\n\nYou can download your receipts at any time from the Payments page of your portal: ${url}\n` +
          textSignature(brand),
      };
    },
  };
}
