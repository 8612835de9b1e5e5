import { User } from '../../../clients';
import { BundlePaymentSucceeded, CardPayments, PaymentLedger } from '../../../payments';
import {
  cardPaymentsWithFakes,
  FakePaymentGateway,
  InMemoryCardIntents,
  InMemoryPayments,
  RecordingReceiptIssuer,
} from '../../../payments/testing/in-memory-payments';
import { Money } from '../../../../shared/domain/money';
import { aUser, immediateTx, InMemoryAuditTrail, InMemoryUsers } from '../../../../testing/in-memory';
import { RecordingEvents } from '../../../../testing/in-memory-events';
import { InMemoryBundles, InMemoryCreditAccounts } from '../../testing/in-memory-credits';
import { PurchaseCreditsHandler } from './purchase-credits.handler';
import { FixedStudioSettings } from '../../../studio/testing/fixed-studio-settings';

const client = (id: number) => aUser(id, 'client', { username: `client ${id}`, email: `c${id}@example.com` });

describe('PurchaseCreditsHandler', () => {
  const ann = client(1);
  const bob = client(2);
  let bundles: InMemoryBundles;
  let accounts: InMemoryCreditAccounts;
  let cards: CardPayments;
  let gateway: FakePaymentGateway;
  let intents: InMemoryCardIntents;
  let events: RecordingEvents;
  let ledger: PaymentLedger;
  let payments: InMemoryPayments;
  let receipts: RecordingReceiptIssuer;
  let handler: PurchaseCreditsHandler;
  let ten: number;
  let five: number;
  let retired: number;

  beforeEach(async () => {
    ({ cards, gateway, intents, events, ledger, payments, receipts } = cardPaymentsWithFakes());
    bundles = new InMemoryBundles();
    accounts = new InMemoryCreditAccounts();
    handler = new PurchaseCreditsHandler(
      bundles,
      accounts,
      cards,
      immediateTx(),
      new InMemoryAuditTrail(),
      new InMemoryUsers(),
      ledger,
      new FixedStudioSettings(),
    );
    // What the app's discovery of @HandlesDomainEvent does: payments' event reaches this handler.
    events.subscribe(BundlePaymentSucceeded, handler);
    const bundle = (name: string, dollars: number, creditAmount: number, isActive = true) =>
      bundles.insert({ name, description: '', creditAmount, price: Money.fromDollars(dollars), isActive }).then((b) => b.id);
    ten = await bundle('Ten', 90, 10);
    five = await bundle('Five', 50, 5);
    retired = await bundle('Old', 40, 4, false);
  });

  /** Starts a purchase and has the card payment succeed; answers the provider's payment id. */
  async function paid(user: User, bundleId = ten): Promise<string> {
    const { paymentIntentId } = await handler.startPurchase(user, bundleId);
    gateway.succeed(paymentIntentId);
    return paymentIntentId;
  }
  const purchases = () => accounts.ledger.filter((e) => e.type === 'purchase');

  it("starts a purchase at the bundle's own price, recording the bundle and the credits it buys", async () => {
    const started = await handler.startPurchase(ann, ten, Money.fromDollars(90));

    expect(started.amount.cents).toBe(9000);
    expect(gateway.intents.get(started.paymentIntentId)).toMatchObject({
      amountCents: 9000,
      metadata: { purpose: 'credits', bundleId: String(ten), userId: '1' },
    });
    expect(intents.rows).toEqual([
      expect.objectContaining({
        id: started.paymentIntentId,
        purpose: 'credits',
        bundleId: ten,
        creditAmount: 10,
        userId: ann.id,
        amountCents: 9000,
      }),
    ]);
  });

  it('refuses an amount other than the price, an inactive bundle and an unknown or deleted one, starting no payment', async () => {
    await expect(handler.startPurchase(ann, ten, Money.fromDollars(50))).rejects.toMatchObject({ code: 'CREDITS.AMOUNT_MISMATCH' });
    await expect(handler.startPurchase(ann, retired)).rejects.toMatchObject({
      code: 'CREDITS.BUNDLE_INACTIVE',
      message: 'This bundle is not available for purchase',
    });
    await expect(handler.startPurchase(ann, 999)).rejects.toMatchObject({ code: 'CREDITS.BUNDLE_NOT_FOUND', kind: 'not_found' });
    await bundles.softDelete(five);
    await expect(handler.startPurchase(ann, five)).rejects.toMatchObject({ kind: 'not_found' });

    expect(gateway.intents.size).toBe(0);
    expect(intents.rows).toEqual([]);
  });

  it('credits a paid bundle once, however often the browser asks', async () => {
    const id = await paid(ann);

    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await handler.purchase(ann, ten, id));

    expect(answers).toEqual([
      { success: true, creditsAdded: 10, creditBalance: 10 },
      { success: true, creditsAdded: 0, creditBalance: 10 },
      { success: true, creditsAdded: 0, creditBalance: 10 },
    ]);
    expect(accounts.balances.get(ann.id)).toBe(10);
    expect(purchases()).toEqual([
      expect.objectContaining({ userId: ann.id, amount: 10, bundleId: ten, stripePaymentId: id, description: 'Credit bundle purchase' }),
    ]);
    // The purchase is a completed payment of the bundle's price with no project, and has its receipt, once.
    expect(payments.rows).toEqual([
      expect.objectContaining({ projectId: null, bundleId: ten, clientId: ann.id, status: 'completed', stripePaymentId: id }),
    ]);
    expect(payments.rows[0].amount.cents).toBe(9000);
    expect(receipts.issued).toEqual([1]);
  });

  it("credits payments' BundlePaymentSucceeded once, whether the webhook or the browser comes first", async () => {
    const first = await paid(ann);
    expect(await cards.fulfilFromWebhook(first)).toBe('recorded');
    expect(await cards.fulfilFromWebhook(first)).toBe('recorded'); // the provider repeats itself
    expect(await handler.purchase(ann, ten, first)).toMatchObject({ creditsAdded: 0, creditBalance: 10 });

    const second = await paid(ann); // a second purchase of the bundle: a new payment
    expect(second).not.toBe(first);
    expect(await handler.purchase(ann, ten, second)).toMatchObject({ creditsAdded: 10, creditBalance: 20 });
    await cards.fulfilFromWebhook(second);

    expect(events.published).toHaveLength(3);
    expect(events.published[0]).toEqual(
      new BundlePaymentSucceeded({ paymentIntentId: first, userId: ann.id, bundleId: ten, creditAmount: 10, amountCents: 9000 }),
    );
    expect(accounts.balances.get(ann.id)).toBe(20);
    expect(purchases().map((p) => p.stripePaymentId)).toEqual([first, second]);
  });

  it('never credits a payment that has not succeeded, nor without any payment', async () => {
    await expect(handler.purchase(ann, ten)).rejects.toMatchObject({
      code: 'CREDITS.NO_PAYMENT',
      message: 'No completed payment was found for this bundle',
    });
    const { paymentIntentId } = await handler.startPurchase(ann, ten);
    await expect(handler.purchase(ann, ten, paymentIntentId)).rejects.toMatchObject({ code: 'PAYMENTS.NOT_SUCCEEDED' });
    gateway.decline(paymentIntentId);
    await expect(handler.purchase(ann, ten)).rejects.toMatchObject({ code: 'CREDITS.NO_PAYMENT' });
    await expect(cards.fulfilFromWebhook(paymentIntentId)).rejects.toMatchObject({ code: 'PAYMENTS.NOT_SUCCEEDED' });

    expect(events.published).toEqual([]);
    await expect(accounts.balanceOf(ann.id)).resolves.toBe(0);
    expect(accounts.ledger).toEqual([]);
  });

  it("refuses someone else's payment and another bundle's", async () => {
    const bobs = await paid(bob);
    const anns = await paid(ann, five);

    await expect(handler.purchase(ann, ten, bobs)).rejects.toMatchObject({ code: 'PAYMENTS.INTENT_MISMATCH' });
    await expect(handler.purchase(ann, ten, anns)).rejects.toMatchObject({ code: 'PAYMENTS.INTENT_MISMATCH' });
    await expect(handler.purchase(ann, ten)).rejects.toMatchObject({ code: 'CREDITS.NO_PAYMENT' });

    expect(accounts.ledger).toEqual([]);
  });

  it("without a payment id, credits this user's latest succeeded payment not yet credited", async () => {
    await paid(ann);
    expect(await handler.purchase(ann, ten)).toEqual({ success: true, creditsAdded: 10, creditBalance: 10 });
    expect(await handler.purchase(ann, ten)).toEqual({ success: true, creditsAdded: 0, creditBalance: 10 });
    const second = await paid(ann);
    expect(await handler.purchase(ann, ten)).toEqual({ success: true, creditsAdded: 10, creditBalance: 20 });
    expect(purchases()[1].stripePaymentId).toBe(second);
  });

  it('fails, crediting nothing, while the card provider does not answer', async () => {
    await paid(ann);
    gateway.down = true;
    await expect(handler.purchase(ann, ten)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(accounts.ledger).toEqual([]);
  });
});
