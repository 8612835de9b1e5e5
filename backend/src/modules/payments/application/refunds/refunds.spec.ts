import { Money } from '../../../../shared/domain/money';
import { BundlePaymentRefunded } from '../../domain/bundle-payment-refunded.event';
import { Payment } from '../../domain/payment';
import { cardPaymentsWithFakes } from '../../testing/in-memory-payments';
import { PROVIDER_REFUND_REASON } from './refunds';

describe('Refunds', () => {
  function setup() {
    const fakes = cardPaymentsWithFakes();
    fakes.projects.rows.set(4, { id: 4, name: 'Harbour', clientId: 7, priceCents: 20_000, creditCoveredCents: 0, isPaid: true });
    return fakes;
  }

  it('refunds part of a card payment through the gateway and makes the project owe it again', async () => {
    const { refunds, payments, gateway, projects, refundRows, audit } = setup();
    const id = await payments.add(Payment.card(4, 7, Money.ofCents(20_000), 'pi_1'));

    const refund = await refunds.refund(id, { amount: Money.ofCents(5_025), reason: 'Two photos missing', adminId: 1 });

    expect(refund).toMatchObject({ paymentId: id, reason: 'Two photos missing', status: 'succeeded', providerRefundId: 're_fake_1' });
    expect(refund.amount.cents).toBe(5_025);
    expect(gateway.refunds).toEqual([expect.objectContaining({ paymentIntentId: 'pi_1', amountCents: 5_025 })]);
    expect((await payments.completedTotal(4)).cents).toBe(14_975);
    expect(projects.rows.get(4)!.isPaid).toBe(false);
    expect(refundRows.rows).toHaveLength(1);
    expect(audit.entries.at(-1)).toMatchObject({ action: 'payment.refunded', targetId: 4 });
  });

  it('records a manual refund of a manual payment without the gateway, by default all of it', async () => {
    const { refunds, payments, gateway } = setup();
    const id = await payments.add(Payment.manual(4, 7, Money.ofCents(20_000)));
    const refund = await refunds.refund(id, { reason: 'Paid twice', adminId: 1 });
    expect(refund.amount.cents).toBe(20_000);
    expect(refund.providerRefundId).toBeNull();
    expect(gateway.refunds).toEqual([]);
  });

  it('records nothing when the gateway fails the refund', async () => {
    const { refunds, payments, gateway, refundRows, projects } = setup();
    const id = await payments.add(Payment.card(4, 7, Money.ofCents(20_000), 'pi_2'));
    gateway.refundsFail.add('pi_2');
    await expect(refunds.refund(id, { amount: Money.ofCents(100), reason: 'x', adminId: 1 })).rejects.toMatchObject({
      code: 'PAYMENTS.REFUND_FAILED',
      message: 'The card provider could not refund this payment (expired or canceled card). Nothing was refunded.',
    });
    expect(refundRows.rows).toEqual([]);
    expect(projects.rows.get(4)!.isPaid).toBe(true);
  });

  it('takes a bundle’s credits back (an event the credits module handles) before refunding it', async () => {
    const { refunds, payments, events } = setup();
    const id = await payments.add(Payment.bundle(2, 7, Money.ofCents(9_000), 'pi_3'));
    await refunds.refund(id, { reason: 'Changed their mind', adminId: 1 });
    expect(events.published).toEqual([
      new BundlePaymentRefunded({ paymentId: id, userId: 7, bundleId: 2, providerPaymentId: 'pi_3', strict: true }),
    ]);
  });

  it("records the provider's refunds it does not have from charge.refunded, once", async () => {
    const { refunds, payments, gateway, refundRows } = setup();
    const id = await payments.add(Payment.card(4, 7, Money.ofCents(20_000), 'pi_4'));
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
  });
});
