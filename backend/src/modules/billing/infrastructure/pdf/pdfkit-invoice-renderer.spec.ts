import sharp from 'sharp';
import { pdfText } from '../../../../../test/support/pdf-text';
import { DEFAULT_STUDIO_PROPS, Studio, type StudioProps } from '../../../studio';
import type { InvoiceDetailView } from '../../application/invoice-views';
import { calendarDate, dayIn, PdfkitInvoiceRenderer } from './pdfkit-invoice-renderer';

const studio = (over: Partial<StudioProps> = {}) => new Studio({ ...DEFAULT_STUDIO_PROPS, name: 'Harbour Light Studio', ...over });

const invoice = (over: Partial<InvoiceDetailView> = {}): InvoiceDetailView => ({
  id: 9,
  number: 'INV-000123',
  projectId: 4,
  projectName: 'Harbour Lane listing',
  clientId: 7,
  clientName: 'Zoë Ann Lee',
  issuedAt: '2026-01-05T23:30:00.000Z',
  status: 'open',
  currency: 'USD',
  subtotal: 1500,
  discount: 150,
  tax: 119.81,
  total: 1469.81,
  paid: 700,
  refunded: 0,
  due: 769.81,
  nextDueDate: '2026-02-01',
  overdue: true,
  overdueAmount: 269.81,
  lines: [
    {
      description: 'Real estate shoot',
      quantity: 1,
      unitPrice: 1000,
      amount: 1000,
      serviceId: 3,
      paidWithCredits: false,
      source: 'service',
    },
    { description: 'Twilight photos', quantity: 2, unitPrice: 100, amount: 200, serviceId: 5, paidWithCredits: true, source: 'service' },
    { description: 'Drone add-on', quantity: 1, unitPrice: 300, amount: 300, serviceId: null, paidWithCredits: false, source: 'custom' },
  ],
  discountKind: 'percent',
  discountValue: 10,
  taxName: 'Sales tax',
  taxRate: '8.875',
  taxInclusive: false,
  creditsApplied: 200,
  sentAt: null,
  schedule: [
    { id: 1, number: 1, label: 'Deposit', amount: 500, dueDate: '2026-01-10', paid: 500, remaining: 0, status: 'paid' },
    { id: 2, number: 2, label: 'Second payment', amount: 469.81, dueDate: '2026-02-01', paid: 200, remaining: 269.81, status: 'overdue' },
    { id: 3, number: 3, label: 'Balance', amount: 500, dueDate: '2026-03-01', paid: 0, remaining: 500, status: 'due' },
  ],
  payments: [],
  reminders: [],
  ...over,
});

const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('PdfkitInvoiceRenderer', () => {
  const renderer = new PdfkitInvoiceRenderer();

  it('shows the studio, the number, whom it bills, the project, the lines, the totals and the schedule', async () => {
    const pdf = await renderer.render(
      invoice(),
      studio({ invoiceTerms: 'Payment by card or bank transfer.\nLate payments: 1.5% a month.' }),
      null,
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(pdf)).toBe(1);
    const text = pdfText(pdf).join('\n');
    for (const shown of [
      'Harbour Light Studio',
      'INVOICE',
      'INV-000123',
      'Zoë Ann Lee',
      'Project: Harbour Lane listing',
      'January 5, 2026', // issue date in the studio's zone (UTC)
      'Real estate shoot',
      '$1,000.00',
      'Twilight photos',
      'Paid with credits',
      'Drone add-on',
      'Subtotal',
      '$1,500.00',
      'Discount (10%)',
      '-$150.00',
      'Sales tax (8.875%)',
      '$119.81',
      'Total',
      '$1,469.81',
      'Paid',
      '$700.00',
      'Due',
      '$769.81',
      'PAYMENT SCHEDULE',
      '1. Deposit',
      'January 10, 2026',
      '2. Second payment',
      'February 1, 2026',
      'Overdue',
      '3. Balance',
      'March 1, 2026',
      'TERMS',
      'Payment by card or bank transfer.',
      'Late payments: 1.5% a month.',
    ]) {
      expect(text).toContain(shown);
    }
    expect(text).not.toContain('(included)');
  });

  it('says (included) for an inclusive tax, and leaves out a tax of 0 and no discount', async () => {
    const inclusive = pdfText(await renderer.render(invoice({ taxInclusive: true, taxName: 'VAT', taxRate: '23' }), studio(), null)).join(
      '\n',
    );
    expect(inclusive).toContain('VAT (23%) (included)');
    const plain = pdfText(
      await renderer.render(invoice({ taxRate: '0', tax: 0, discount: 0, discountKind: null, discountValue: null }), studio(), null),
    ).join('\n');
    expect(plain).not.toContain('Sales tax');
    expect(plain).not.toContain('Discount');
  });

  it('writes the issue date in the studio time zone, and amounts in its currency and locale', async () => {
    // 23:30 UTC on January 5 is already January 6 in Auckland
    const text = pdfText(
      await renderer.render(invoice({ currency: 'EUR' }), studio({ timeZone: 'Pacific/Auckland', currency: 'EUR', locale: 'de-DE' }), null),
    ).join('\n');
    expect(text).toContain('January 6, 2026');
    expect(text).toContain('1.469,81\u00a0€');
    expect(text).not.toContain('$');
    expect(dayIn(new Date('2026-01-05T23:30:00Z'), 'Not/AZone')).toBe('January 5, 2026');
    expect(calendarDate('2026-12-31')).toBe('December 31, 2026');
  });

  it('stamps a paid invoice PAID and names a draft', async () => {
    const paid = pdfText(
      await renderer.render(
        invoice({
          status: 'paid',
          due: 0,
          paid: 1469.81,
          overdue: false,
          schedule: invoice().schedule.map((s) => ({ ...s, paid: s.amount, remaining: 0, status: 'paid' })),
        }),
        studio(),
        null,
      ),
    ).join('\n');
    expect(paid).toContain('PAID');
    expect(paid).not.toContain('Overdue');
    const draft = await renderer.render(invoice({ number: null, issuedAt: null, status: 'draft', schedule: [] }), studio(), null);
    expect(pdfText(draft).join('\n')).toContain('Invoice (draft)'); // the footer
  });

  it("draws the studio's logo and contact lines, and still makes the invoice when the logo cannot be read", async () => {
    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const branded = studio({
      accentColor: '#0f766e',
      address: '12 Quay Street\nGalway',
      phone: '+353 91 555 0100',
      email: 'hello@harbourlight.ie',
    });
    const pdf = await renderer.render(invoice(), branded, logo);
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    const text = pdfText(pdf).join('\n');
    expect(text).toContain('12 Quay Street, Galway');
    expect(text).toContain('+353 91 555 0100');
    expect(text).toContain('hello@harbourlight.ie');
    expect(pdfText(await renderer.render(invoice(), branded, Buffer.from('not an image'))).join('\n')).toContain('Harbour Light Studio');
  });

  it('goes on to more pages for many lines, numbering them', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      description: `Line ${i + 1}`,
      quantity: 1,
      unitPrice: 10,
      amount: 10,
      serviceId: null,
      paidWithCredits: false,
      source: 'custom',
    }));
    const pdf = await renderer.render(invoice({ lines }), studio(), null);
    expect(pages(pdf)).toBeGreaterThan(1);
    const text = pdfText(pdf).join('\n');
    expect(text).toContain('Line 60');
    expect(text).toContain('Page 1 of');
  });

  it('makes the same file for the same invoice', async () => {
    expect((await renderer.render(invoice(), studio(), null)).equals(await renderer.render(invoice(), studio(), null))).toBe(true);
  });
});
