import type { EmailDraft } from '../../domain/email-message';
import { escapeHtml, renderLayout, textSignature } from './layout';

/** 'January 5, 2026' for a 'YYYY-MM-DD' (a calendar date: no zone moves it). */
export function dueDateText(date: string): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function detailsTable(rows: Array<[string, string]>): string {
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:0 0 12px">` +
    rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:6px 12px 6px 0;color:#64748b;white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td>` +
          `<td style="padding:6px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
      )
      .join('') +
    `</table>`
  );
}

/**
 * 'Send invoice' (CONTRACT §14): the invoice with its PDF attached (by the caller), its total, what is owed
 * next and by when, and a link to the client's Invoices page.
 */
export function invoiceEmail(p: {
  to: string;
  username: string;
  invoiceNumber: string;
  projectName: string;
  /** Amounts in cents, written in the studio's currency and locale. */
  totalCents: number;
  dueCents: number;
  /** The next installment still owed; null when nothing is. */
  next: { label: string; amountCents: number; dueDate: string; number: number; count: number } | null;
  appUrl: string;
}): EmailDraft {
  const url = `${p.appUrl}/invoices`;
  return {
    kind: 'invoice',
    to: p.to,
    compose: (brand) => {
      const money = (cents: number) => brand.studio.formatMoney(cents);
      const rows: Array<[string, string]> = [
        ['Invoice number', p.invoiceNumber],
        ['Project', p.projectName],
        ['Total', money(p.totalCents)],
      ];
      if (p.dueCents !== p.totalCents) rows.push(['Still owed', money(p.dueCents)]);
      if (p.next) {
        const which = p.next.count > 1 ? `${p.next.label} (${p.next.number} of ${p.next.count})` : p.next.label;
        rows.push(['Next payment', `${which}: ${money(p.next.amountCents)}`], ['Due date', dueDateText(p.next.dueDate)]);
      }
      const lead = p.next
        ? `The next payment is ${money(p.next.amountCents)}, due ${dueDateText(p.next.dueDate)}.`
        : 'Nothing is owed on it: thank you!';
      return {
        subject: `Invoice ${p.invoiceNumber} from ${brand.studio.name}`,
        html: renderLayout(
          {
            preheader: `Invoice ${p.invoiceNumber}: ${money(p.totalCents)}. ${lead}`,
            heading: `Invoice ${p.invoiceNumber}`,
            bodyHtml:
              `<p style="margin:0 0 12px">Hello ${escapeHtml(p.username)}, here is your invoice from ${escapeHtml(brand.studio.name)}. ` +
              `It is attached as a PDF.</p>` +
              detailsTable(rows) +
              `<p style="margin:0">${escapeHtml(lead)} You can see your invoices and pay online from your portal.</p>`,
            action: { label: 'View my invoices', url },
          },
          brand,
        ),
        text:
          `Hello ${p.username},\n\nHere is your invoice from ${brand.studio.name}. It is attached as a PDF.\n\n` +
          rows.map(([label, value]) => `${label}: ${value}`).join('\n') +
          `\n\n${lead}\nYou can see your invoices and pay online from your portal: ${url}\n` +
          textSignature(brand),
      };
    },
  };
}

/** A reminder's subject for `days` from the due date: 'Payment due in 3 days', 'Payment due today', 'Payment 7 days overdue'. */
export function reminderSubject(days: number): string {
  if (days === 0) return 'Payment due today';
  const n = Math.abs(days);
  const unit = n === 1 ? 'day' : 'days';
  return days < 0 ? `Payment due in ${n} ${unit}` : `Payment ${n} ${unit} overdue`;
}

/**
 * A payment reminder (CONTRACT §14), sent for the studio's `reminderDays`: which invoice and installment,
 * what is left to pay and by when, and a link that opens its payment (the portal asks to sign in first).
 */
export function invoiceReminderEmail(p: {
  to: string;
  username: string;
  invoiceNumber: string;
  projectName: string;
  installmentLabel: string;
  /** What is left of the installment, in cents. */
  remainingCents: number;
  dueDate: string;
  /** Days from the due date: −3 three days before, 0 the day, 7 a week late. */
  days: number;
  payUrl: string;
}): EmailDraft {
  return {
    kind: 'invoice-reminder',
    to: p.to,
    compose: (brand) => {
      const amount = brand.studio.formatMoney(p.remainingCents);
      const due = dueDateText(p.dueDate);
      const sentence =
        p.days < 0
          ? `a payment of ${amount} is due on ${due}.`
          : p.days === 0
            ? `a payment of ${amount} is due today, ${due}.`
            : `a payment of ${amount} was due on ${due} and has not been received yet.`;
      const rows: Array<[string, string]> = [
        ['Invoice number', p.invoiceNumber],
        ['Project', p.projectName],
        ['Installment', p.installmentLabel],
        ['Amount due', amount],
        ['Due date', due],
      ];
      const overdueNote = p.days > 0 ? ' If you have paid it in the meantime, thank you, and please ignore this reminder.' : '';
      return {
        subject: reminderSubject(p.days),
        html: renderLayout(
          {
            preheader: `${p.invoiceNumber}: ${amount} ${p.days > 0 ? 'overdue' : `due ${p.days === 0 ? 'today' : due}`}.`,
            heading: reminderSubject(p.days),
            bodyHtml:
              `<p style="margin:0 0 12px">Hello ${escapeHtml(p.username)}, a reminder from ${escapeHtml(brand.studio.name)}: ${escapeHtml(sentence)}</p>` +
              detailsTable(rows) +
              `<p style="margin:0">Pay online in your portal: sign in and the payment opens.${escapeHtml(overdueNote)}</p>`,
            action: { label: `Pay ${amount}`, url: p.payUrl },
          },
          brand,
        ),
        text:
          `Hello ${p.username},\n\nA reminder from ${brand.studio.name}: ${sentence}\n\n` +
          rows.map(([label, value]) => `${label}: ${value}`).join('\n') +
          `\n\nPay online in your portal (sign in and the payment opens): ${p.payUrl}\n${overdueNote.trim() ? overdueNote.trim() + '\n' : ''}` +
          textSignature(brand),
      };
    },
  };
}
