import { BundlePaymentRefunded } from '../../../payments';
import { InMemoryAuditTrail } from '../../../../testing/in-memory';
import { InMemoryCreditAccounts } from '../../testing/in-memory-credits';
import { ReturnBundleCreditsHandler } from './return-bundle-credits.handler';

describe('ReturnBundleCreditsHandler', () => {
  const refunded = (strict: boolean) =>
    new BundlePaymentRefunded({ paymentId: 9, userId: 7, bundleId: 2, providerPaymentId: 'pi_1', strict });

  async function setup(balanceAfterPurchase: number) {
    const accounts = new InMemoryCreditAccounts();
    const account = await accounts.loadForUpdate(7);
    account.purchase(10, 2, 'pi_1', 'Credit bundle purchase');
    if (balanceAfterPurchase < 10) account.adjust('remove', 10 - balanceAfterPurchase);
    await accounts.save(account);
    return { accounts, handler: new ReturnBundleCreditsHandler(accounts, new InMemoryAuditTrail()) };
  }

  it('takes back the credits the purchase gave, as a refund entry of the ledger', async () => {
    const { accounts, handler } = await setup(12 - 2);
    await handler.handle(refunded(true));
    expect(accounts.balances.get(7)).toBe(0);
    expect(accounts.entriesOf(7).at(-1)).toMatchObject({ type: 'refund', amount: 10, bundleId: 2 });
  });

  it("refuses the studio's refund while the client has spent some of them, changing nothing", async () => {
    const { accounts, handler } = await setup(7);
    await expect(handler.handle(refunded(true))).rejects.toMatchObject({
      code: 'CREDITS.BALANCE_BELOW_REFUND',
      message: 'The client has 7 credits left, fewer than the 10 credits this purchase gave: it cannot be refunded',
    });
    expect(accounts.balances.get(7)).toBe(7);
    expect(accounts.entriesOf(7).some((e) => e.type === 'refund')).toBe(false);
  });

  it('takes what the balance holds of a refund already made at the provider', async () => {
    const { accounts, handler } = await setup(7);
    await handler.handle(refunded(false));
    expect(accounts.balances.get(7)).toBe(0);
    expect(accounts.entriesOf(7).at(-1)).toMatchObject({ type: 'refund', amount: 7 });
  });
});
