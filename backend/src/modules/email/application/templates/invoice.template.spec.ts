import { DEFAULT_STUDIO_PROPS, Studio } from '../../../studio';
import { composeEmail, type EmailBrand } from '../../domain/email-message';
import { dueDateText, invoiceEmail, invoiceReminderEmail, reminderSubject } from './invoice.template';

const harbour: EmailBrand = { studio: new Studio({ ...DEFAULT_STUDIO_PROPS, name: 'Harbour & Light' }), logo: null };

describe('invoiceEmail', () => {
  const draft = (over: Partial<Parameters<typeof invoiceEmail>[0]> = {}) =>
    invoiceEmail({
      to: 'ann@example.com',
      username: 'Ann <Lee>',
      invoiceNumber: 'INV-000123',
      projectName: 'Harbour Lane',
      totalCents: 150_000,
      dueCents: 150_000,
      next: { label: 'Deposit', amountCents: 50_000, dueDate: '2026-02-01', number: 1, count: 3 },
      appUrl: 'http://portal.test',
      ...over,
    });

  it('names the invoice and the studio in the subject; the total, the next installment and its due date; a link to Invoices', () => {
    const m = composeEmail(draft(), harbour);
    expect(m).toMatchObject({ kind: 'invoice', to: 'ann@example.com', subject: 'Invoice INV-000123 from Harbour & Light' });
    for (const part of [m.text, m.html]) {
      expect(part).toContain('$1,500.00');
      expect(part).toContain('Deposit (1 of 3): $500.00');
      expect(part).toContain('February 1, 2026');
    }
    expect(m.html).toContain('href="http://portal.test/invoices"');
    expect(m.text).toContain('http://portal.test/invoices');
    expect(m.html).toContain('Ann &lt;Lee&gt;');
    expect(m.html).toContain('Harbour &amp; Light');
  });

  it('says nothing is owed on a paid invoice, and what is still owed after a payment', () => {
    expect(composeEmail(draft({ next: null, dueCents: 0 }), harbour).text).toContain('Nothing is owed on it');
    expect(composeEmail(draft({ dueCents: 100_000 }), harbour).text).toContain('Still owed: $1,000.00');
  });
});

describe('invoiceReminderEmail', () => {
  const reminder = (days: number) =>
    composeEmail(
      invoiceReminderEmail({
        to: 'ann@example.com',
        username: 'Ann',
        invoiceNumber: 'INV-000123',
        projectName: 'Harbour Lane',
        installmentLabel: 'Balance',
        remainingCents: 42_050,
        dueDate: '2026-03-10',
        days,
        payUrl: 'http://portal.test/projects?pay=4',
      }),
      harbour,
    );

  it("says when, how much, for which invoice and installment, with the studio's name and a link that opens the payment", () => {
    const m = reminder(-3);
    expect(m).toMatchObject({ kind: 'invoice-reminder', subject: 'Payment due in 3 days' });
    for (const part of [m.text, m.html]) {
      expect(part).toContain('INV-000123');
      expect(part).toContain('Balance');
      expect(part).toContain('$420.50');
      expect(part).toContain('March 10, 2026');
    }
    expect(m.text).toContain('A reminder from Harbour & Light');
    expect(m.html).toContain('href="http://portal.test/projects?pay=4"');
    expect(reminder(0).subject).toBe('Payment due today');
    expect(reminder(7).subject).toBe('Payment 7 days overdue');
    expect(reminder(7).text).toContain('has not been received yet');
  });

  it('words every offset', () => {
    expect([-30, -1, 0, 1, 60].map(reminderSubject)).toEqual([
      'Payment due in 30 days',
      'Payment due in 1 day',
      'Payment due today',
      'Payment 1 day overdue',
      'Payment 60 days overdue',
    ]);
    expect(dueDateText('2026-12-31')).toBe('December 31, 2026');
  });
});
