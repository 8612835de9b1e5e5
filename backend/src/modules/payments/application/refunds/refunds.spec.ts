import { Money } from '../../../../shared/domain/money';
import { BundlePaymentRefunded } from '../../domain/bundle-payment-refunded.event';
import { Payment } from '../../domain/payment';
import { billProject, cardPaymentsWithFakes } from '../../testing/in-memory-payments';
import { PROVIDER_REFUND_REASON } from './refunds';

describe('Refunds', () => {
  /** Project 4 of client 7, $200: its row, and its invoice as the projects module keeps it in step. */
  async function setup() {
    const fakes = cardPaymentsWithFakes();
    fakes.projects.rows.set(4, { id: 4, name: 'Harbour', clientId: 7 });
    await billProject(fakes.billing, { id: 4, clientId: 7, name: 'Harbour', priceCents: 20_000 });
    const paid = async () => (await fakes.billing.ofProject(4))!.isPaid;
    return { ...fakes, paid };
  }

  it('refunds part of a card payment through the gateway and makes the project owe it again', async () => {
    const { refunds, payments, gateway, refundRows, audit, addPosted, paid, billing } = await setup();
    const id = await addPosted(Payment.card(4, 7, Money.ofCents(20_000), 'pi_1'));
    expect(await paid()).toBe(true);

    const refund = await refunds.refund(id, { amount: Money.ofCents(5_025), reason: 'Two photos missing', adminId: 1 });

    expect(refund).toMatchObject({ paymentId: id, reason: 'Two photos missing', status: 'succeeded', providerRefundId: 're_fake_1' });
    expect(refund.amount.cents).toBe(5_025);
    expect(gateway.refunds).toEqual([expect.objectContaining({ paymentIntentId: 'pi_1', amountCents: 5_025 })]);
    expect((await payments.completedTotal(4)).cents).toBe(14_975);
    expect(await paid()).toBe(false);
    expect((await billing.ofProject(4))!).toMatchObject({ refundedCents: 5_025, dueCents: 5_025 });
    expect(refundRows.rows).toHaveLength(1);
    expect(audit.entries.at(-1)).toMatchObject({ action: 'payment.refunded', targetId: 4 });
    expect(audit.entries.at(-1)!.summary).toMatch(/; project unpaid again$/);
  });

  it('records a manual refund of a manual payment without the gateway, by default all of it', async () => {
    const { refunds, ledger, gateway, billing } = await setup();
    await ledger.recordManual(4, 7, Money.ofCents(20_000));
    const refund = await refunds.refund(1, { reason: 'Paid twice', adminId: 1 }); // the ledger's first payment
    expect(refund.amount.cents).toBe(20_000);
    expect(refund.providerRefundId).toBeNull();
    expect(gateway.refunds).toEqual([]);
    expect((await billing.ofProject(4))!).toMatchObject({ isPaid: false, dueCents: 20_000 });
  });

  it('records nothing when the gateway fails the refund', async () => {
    const { refunds, gateway, refundRows, addPosted, paid } = await setup();
    const id = await addPosted(Payment.card(4, 7, Money.ofCents(20_000), 'pi_2'));
    gateway.refundsFail.add('pi_2');
    await expect(refunds.refund(id, { amount: Money.ofCents(100), reason: 'x', adminId: 1 })).rejects.toMatchObject({
      code: 'PAYMENTS.REFUND_FAILED',
      message: 'The card provider could not refund this payment (expired or canceled card). Nothing was refunded.',
    });
    expect(refundRows.rows).toEqual([]);
    expect(await paid()).toBe(true);
  });

  it('takes a bundle’s credits back (an event the credits module handles) before refunding it', async () => {
    const { refunds, payments, events } = await setup();
    const id = await payments.add(Payment.bundle(2, 7, Money.ofCents(9_000), 'pi_3'));
    await refunds.refund(id, { reason: 'Changed their mind', adminId: 1 });
    expect(events.published).toEqual([
      new BundlePaymentRefunded({ paymentId: id, userId: 7, bundleId: 2, providerPaymentId: 'pi_3', strict: true }),
    ]);
  });

  it("records the provider's refunds it does not have from charge.refunded, once", async () => {
    const { refunds, gateway, refundRows, addPosted, billing } = await setup();
    const id = await addPosted(Payment.card(4, 7, Money.ofCents(20_000), 'pi_4'));
    await refunds.refund(id, { amount: Money.ofCents(1_000), reason: 'Here', adminId: 1 });
    expect(await refunds.reconcile('pi_4')).toBe(0);
    gateway.refunds.push({ id: 're_dashboard', paymentIntentId: 'pi_4', amountCents: 2_000, status: 'succeeded', failureReason: null });
    expect(await refunds.reconcile('pi_4')).toBe(1);
    expect(await refunds.reconcile('pi_4')).toBe(0);
    expect(refundRows.rows.map((r) => [r.amount.cents, r.reason])).toEqual([
      [1_000, 'Here'],
      [2_000, PROVIDER_REFUND_REASON],
    ]);
    expect(await refunds.reconcile('pi_unknown')).toBe('ignored');
    // both posted to the invoice, once: what they refunded is owed again
    expect((await billing.ofProject(4))!.refundedCents).toBe(3_000);
  });
});
