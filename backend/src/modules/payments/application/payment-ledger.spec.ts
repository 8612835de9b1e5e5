import { Money } from '../../../shared/domain/money';
import { billProject, ledgerWithFakes } from '../testing/in-memory-payments';

describe('PaymentLedger (manual payments post to the project invoice, decision 0045)', () => {
  async function setup() {
    const fakes = ledgerWithFakes();
    // $130 of which $30 (prints) were paid with credits: $100 owed in money.
    await billProject(fakes.billing, { id: 5, clientId: 3, name: 'Harbour', priceCents: 13_000, creditCoveredCents: 3_000 });
    return fakes;
  }

  it('records a manual payment, posts it to the invoice, and issues its receipt', async () => {
    const { ledger, payments, receipts, audit, billing, webhooks } = await setup();

    await ledger.recordManual(5, 3, Money.fromDollars(40), ' Cash ', 'Harbour');

    expect(payments.rows.map((p) => [p.projectId, p.amount.cents, p.note])).toEqual([[5, 4000, 'Cash']]);
    expect(await billing.ofProject(5)).toMatchObject({ paymentsCents: 4000, dueCents: 6000, isPaid: false });
    expect(receipts.issued).toEqual([1]);
    expect(audit.entries).toEqual([
      expect.objectContaining({ action: 'payment.recorded', summary: 'Recorded a manual payment of $40.00 for project "Harbour" (Cash)' }),
    ]);

    await ledger.recordManual(5, 3, Money.fromDollars(60));
    expect(await billing.ofProject(5)).toMatchObject({ dueCents: 0, isPaid: true, status: 'paid' });
    expect(webhooks.emitted.filter((e) => e.type === 'project.paid').map((e) => e.data)).toEqual([{ id: 5 }]);
  });

  it('refuses more than is owed (BILLING.OVERPAYMENT), and any payment once nothing is (BILLING.ALREADY_PAID)', async () => {
    const { ledger, billing } = await setup();

    await expect(ledger.recordManual(5, 3, Money.ofCents(10_001))).rejects.toMatchObject({
      code: 'BILLING.OVERPAYMENT',
      message: 'This payment is more than the $100.00 still owed',
    });
    expect(await billing.ofProject(5)).toMatchObject({ paymentsCents: 0, dueCents: 10_000 });

    await ledger.recordManual(5, 3, Money.ofCents(10_000));
    await expect(ledger.recordManual(5, 3, Money.ofCents(1))).rejects.toMatchObject({ code: 'BILLING.ALREADY_PAID', kind: 'conflict' });
    expect(await billing.ofProject(5)).toMatchObject({ paymentsCents: 10_000, isPaid: true });
  });

  it('records nothing for a zero amount', async () => {
    const { ledger, payments, receipts, billing } = await setup();
    await ledger.recordManual(5, 3, Money.ZERO);
    expect(payments.rows).toEqual([]);
    expect(receipts.issued).toEqual([]);
    expect((await billing.ofProject(5))!.paymentsCents).toBe(0);
  });
});
