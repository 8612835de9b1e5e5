import { aUser } from '../../../../testing/in-memory';
import { Logger } from '@nestjs/common';
import { Money } from '../../../../shared/domain/money';
import { RecordingEvents } from '../../../../testing/in-memory-events';
import { BundlePaymentSucceeded } from '../../domain/bundle-payment-succeeded.event';
import type { Billing } from '../../../billing';
import type { InMemoryInvoices, RecordingWebhooks } from '../../../billing/testing/in-memory-billing';
import {
  billProject,
  cardPaymentsWithFakes,
  FakePaymentGateway,
  InMemoryCardIntents,
  InMemoryPayments,
  InMemoryProjectsForBilling,
  RecordingReceiptIssuer,
} from '../../testing/in-memory-payments';
import { CardPayments } from './card-payments';

const person = (id: number, role: 'client' | 'admin' = 'client') => aUser(id, role);

describe('CardPayments', () => {
  const ann = person(1);
  const bob = person(2);
  const owner = person(9, 'admin');
  const PROJECT = 7;
  let cards: CardPayments;
  let gateway: FakePaymentGateway;
  let intents: InMemoryCardIntents;
  let payments: InMemoryPayments;
  let projects: InMemoryProjectsForBilling;
  let events: RecordingEvents;
  let receipts: RecordingReceiptIssuer;
  let billing: Billing;
  let webhooks: RecordingWebhooks;
  let invoices: InMemoryInvoices;
  let ledger: ReturnType<typeof cardPaymentsWithFakes>['ledger'];

  /** A project of ann's: its row, and its invoice as the projects module keeps it in step. */
  async function project(p: { id: number; priceCents: number; creditCoveredCents?: number; depositCents?: number }) {
    projects.rows.set(p.id, { id: p.id, name: `Project ${p.id}`, clientId: ann.id });
    await billProject(billing, { ...p, clientId: ann.id });
  }

  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(async () => {
    ({ cards, gateway, intents, payments, projects, events, receipts, billing, webhooks, invoices, ledger } = cardPaymentsWithFakes());
    // $200, of which services worth $50 were paid with credits.
    await project({ id: PROJECT, priceCents: 20000, creditCoveredCents: 5000 });
  });

  /** The client starts paying the project and the card payment succeeds; answers the provider's id. */
  async function paidIntent(projectId = PROJECT): Promise<string> {
    const { paymentIntentId } = await cards.createIntent(ann, projectId);
    gateway.succeed(paymentIntentId);
    return paymentIntentId;
  }
  /** Billing's answer: nothing is owed on the project's invoice. */
  const paid = async (projectId = PROJECT) => (await billing.ofProject(projectId))!.isPaid;
  const paidEvents = () => webhooks.emitted.filter((e) => e.type === 'project.paid').map((e) => e.data);

  it('issues the receipt of a card payment once, though the browser and the webhook both report it', async () => {
    const id = await paidIntent();
    await cards.confirm(ann, PROJECT, id);
    await cards.fulfilFromWebhook(id);
    await cards.confirm(ann, PROJECT, id);
    expect(payments.rows).toHaveLength(1);
    expect(receipts.issued).toEqual([1]);
  });

  it('issues no receipt for a payment that did not succeed', async () => {
    const { paymentIntentId } = await cards.createIntent(ann, PROJECT);
    await expect(cards.confirm(ann, PROJECT, paymentIntentId)).rejects.toThrow();
    expect(receipts.issued).toEqual([]);
  });

  it('asks for the unpaid remainder: the price less the services paid with credits and the payments made', async () => {
    await ledger.recordManual(PROJECT, ann.id, Money.fromDollars(30));

    const started = await cards.createIntent(ann, PROJECT);

    expect(started.amount.cents).toBe(12000);
    expect(started.part).toBe('balance'); // one installment: what it still owes is everything owed
    expect((await cards.remainingBalance(ann, PROJECT)).unpaid.cents).toBe(12000);
    expect(gateway.intents.get(started.paymentIntentId)).toMatchObject({
      amountCents: 12000,
      currency: 'usd',
      metadata: { purpose: 'project', projectId: '7', userId: '1' },
    });
    expect(intents.rows).toEqual([
      expect.objectContaining({ id: started.paymentIntentId, purpose: 'project', projectId: PROJECT, userId: ann.id, amountCents: 12000 }),
    ]);
    // A retried request gets the same intent back.
    expect((await cards.createIntent(ann, PROJECT)).paymentIntentId).toBe(started.paymentIntentId);
    expect(gateway.intents.size).toBe(1);
  });

  it("lets only the project's client pay it", async () => {
    await expect(cards.createIntent(bob, PROJECT)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(cards.createIntent(owner, PROJECT)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(cards.createIntent(ann, 404)).rejects.toMatchObject({ code: 'PROJECTS.NOT_FOUND' });
    expect(gateway.intents.size).toBe(0);
    expect(intents.rows).toEqual([]);
  });

  it('refuses to start a payment when nothing is due', async () => {
    await project({ id: 8, priceCents: 5000, creditCoveredCents: 5000 }); // all paid with credits
    // paid in full by hand: nothing owed (billing derives it, nobody sets it)
    await ledger.recordManual(PROJECT, ann.id, Money.ofCents(15000));

    await expect(cards.createIntent(ann, 8)).rejects.toMatchObject({ code: 'PAYMENTS.NOTHING_DUE' });
    await expect(cards.createIntent(ann, PROJECT)).rejects.toMatchObject({ code: 'PAYMENTS.NOTHING_DUE' });
    expect(gateway.intents.size).toBe(0);
  });

  it('records a succeeded card payment once, whether the browser or the webhook reports it, and marks the project paid', async () => {
    const id = await paidIntent();

    expect(await cards.confirm(ann, PROJECT, id)).toBe(PROJECT);
    expect(await cards.confirm(ann, PROJECT, id)).toBe(PROJECT);
    expect(await cards.fulfilFromWebhook(id)).toBe('recorded');

    expect(payments.rows).toEqual([
      expect.objectContaining({ projectId: PROJECT, clientId: ann.id, stripePaymentId: id, status: 'completed' }),
    ]);
    expect(payments.rows[0].amount.cents).toBe(15000);
    expect(await paid()).toBe(true);
    // posted to the invoice once; billing raises the integrators' project.paid once
    expect((await billing.ofProject(PROJECT))!.paymentsCents).toBe(15000);
    expect(paidEvents()).toEqual([{ id: PROJECT }]);
  });

  it('leaves the project unpaid when the payment no longer covers what is owed', async () => {
    const id = await paidIntent();
    await project({ id: PROJECT, priceCents: 25000, creditCoveredCents: 5000 }); // the admin added a service meanwhile

    await cards.fulfilFromWebhook(id);

    expect(payments.rows).toHaveLength(1);
    expect(await paid()).toBe(false);
    expect(paidEvents()).toEqual([]);
    expect((await cards.remainingBalance(ann, PROJECT)).unpaid.cents).toBe(5000);
  });

  it('records nothing for a payment that has not succeeded, or that is not for this project or this client', async () => {
    const { paymentIntentId } = await cards.createIntent(ann, PROJECT);
    await expect(cards.confirm(ann, PROJECT, paymentIntentId)).rejects.toMatchObject({ code: 'PAYMENTS.NOT_SUCCEEDED' });
    await expect(cards.fulfilFromWebhook(paymentIntentId)).rejects.toMatchObject({ code: 'PAYMENTS.NOT_SUCCEEDED' });

    await project({ id: 8, priceCents: 1000 });
    gateway.succeed(paymentIntentId);
    await expect(cards.confirm(ann, 8, paymentIntentId)).rejects.toMatchObject({ code: 'PAYMENTS.INTENT_MISMATCH' });
    await expect(cards.confirm(bob, PROJECT, paymentIntentId)).rejects.toMatchObject({ kind: 'not_found' });

    expect(payments.rows).toEqual([]);
    expect(await paid()).toBe(false);
  });

  it('ignores a webhook for an intent this portal did not create', async () => {
    expect(await cards.fulfilFromWebhook('pi_elsewhere')).toBe('ignored');
    expect(payments.rows).toEqual([]);
    expect(events.published).toEqual([]);
  });

  it('announces a paid credit bundle as BundlePaymentSucceeded, recording no project payment', async () => {
    const { paymentIntentId } = await cards.createCreditsIntent(ann, { id: 3, creditAmount: 10, priceCents: 9000 }, 0);
    gateway.succeed(paymentIntentId);

    expect(await cards.fulfilFromWebhook(paymentIntentId)).toBe('recorded');

    expect(events.published).toEqual([
      new BundlePaymentSucceeded({ paymentIntentId, userId: ann.id, bundleId: 3, creditAmount: 10, amountCents: 9000 }),
    ]);
    expect(payments.rows).toEqual([]);
  });

  it("fails the webhook when the bundle payment's subscriber fails, so that the provider retries", async () => {
    events.subscribe(BundlePaymentSucceeded, { handle: async () => Promise.reject(new Error('database gone')) });
    const { paymentIntentId } = await cards.createCreditsIntent(ann, { id: 3, creditAmount: 10, priceCents: 9000 }, 0);
    gateway.succeed(paymentIntentId);

    await expect(cards.fulfilFromWebhook(paymentIntentId)).rejects.toThrow('database gone');
  });

  it("lists this user's succeeded payments for a bundle, newest first, leaving out the others", async () => {
    const first = (await cards.createCreditsIntent(ann, { id: 3, creditAmount: 10, priceCents: 9000 }, 0)).paymentIntentId;
    const unpaid = (await cards.createCreditsIntent(ann, { id: 3, creditAmount: 10, priceCents: 9000 }, 1)).paymentIntentId;
    const second = (await cards.createCreditsIntent(ann, { id: 3, creditAmount: 10, priceCents: 9000 }, 2)).paymentIntentId;
    const bobs = (await cards.createCreditsIntent(bob, { id: 3, creditAmount: 10, priceCents: 9000 }, 0)).paymentIntentId;
    [first, second, bobs].forEach((id) => gateway.succeed(id));

    const found = await cards.succeededBundlePayments(ann, 3);

    expect(found.map((p) => p.paymentIntentId)).toEqual([second, first]);
    expect(found.map((p) => p.paymentIntentId)).not.toContain(unpaid);
  });
  describe('deposits (decision 0033)', () => {
    const DEPOSIT = 8;
    beforeEach(() => project({ id: DEPOSIT, priceCents: 25000, depositCents: 10000 }));

    it('asks for the deposit first, then the balance; the project is paid only after both', async () => {
      expect(await cards.remainingBalance(ann, DEPOSIT)).toEqual({ unpaid: Money.ofCents(25000), depositDue: Money.ofCents(10000) });
      const deposit = await cards.createIntent(ann, DEPOSIT);
      expect([deposit.part, deposit.amount.cents]).toEqual(['deposit', 10000]);
      gateway.succeed(deposit.paymentIntentId);
      await cards.confirm(ann, DEPOSIT, deposit.paymentIntentId);
      expect(await paid(DEPOSIT)).toBe(false);
      expect(await cards.remainingBalance(ann, DEPOSIT)).toEqual({ unpaid: Money.ofCents(15000), depositDue: null });

      await expect(cards.createIntent(ann, DEPOSIT, 'deposit')).rejects.toMatchObject({ code: 'PAYMENTS.DEPOSIT_ALREADY_PAID' });
      const balance = await cards.createIntent(ann, DEPOSIT);
      expect([balance.part, balance.amount.cents]).toEqual(['balance', 15000]);
      gateway.succeed(balance.paymentIntentId);
      await cards.confirm(ann, DEPOSIT, balance.paymentIntentId);
      expect(await paid(DEPOSIT)).toBe(true);
      expect(payments.rows.map((p) => p.amount.cents)).toEqual([10000, 15000]);
      expect(paidEvents()).toEqual([{ id: DEPOSIT }]);
    });

    it("'balance' asks for everything owed, also while the deposit is due", async () => {
      const all = await cards.createIntent(ann, DEPOSIT, 'balance');
      expect([all.part, all.amount.cents]).toEqual(['balance', 25000]);
      const deposit = await cards.createIntent(ann, DEPOSIT, 'deposit');
      expect([deposit.part, deposit.amount.cents]).toEqual(['deposit', 10000]);
      expect(deposit.paymentIntentId).not.toBe(all.paymentIntentId);
    });

    it("refuses a 'deposit' on a project without one", async () => {
      await expect(cards.createIntent(ann, PROJECT, 'deposit')).rejects.toMatchObject({ code: 'PAYMENTS.NO_DEPOSIT' });
      expect(intents.rows).toEqual([]);
    });
  });

  describe('installments (CONTRACT §14)', () => {
    const PLAN = 9;
    beforeEach(async () => {
      await project({ id: PLAN, priceCents: 30000 });
      // The studio's schedule (PUT /api/invoices/{id}/schedule): three installments of $100, the first past due.
      const invoice = (await invoices.ofProject(PLAN))!;
      invoice.setSchedule([
        { label: 'First', amountCents: 10000, dueDate: '2020-01-01' },
        { label: 'Second', amountCents: 10000, dueDate: '2099-06-01' },
        { label: 'Third', amountCents: 10000, dueDate: '2099-07-01' },
      ]);
      await billing.store(invoice, invoice.isPaid, await billing.today());
    });

    it("asks for the next installment by default ('installment'), everything owed for 'balance', and has no deposit", async () => {
      const next = await cards.createIntent(ann, PLAN);
      expect([next.part, next.amount.cents]).toEqual(['installment', 10000]);
      expect(gateway.intents.get(next.paymentIntentId)!.amountCents).toBe(10000);
      const all = await cards.createIntent(ann, PLAN, 'balance');
      expect([all.part, all.amount.cents]).toEqual(['balance', 30000]);
      await expect(cards.createIntent(ann, PLAN, 'deposit')).rejects.toMatchObject({ code: 'PAYMENTS.NO_DEPOSIT' });
      expect(await cards.remainingBalance(ann, PLAN)).toEqual({ unpaid: Money.ofCents(30000), depositDue: null });
    });

    it('pays them one by one; the last is the balance, and only then is the project paid', async () => {
      const amounts: Array<[string, number]> = [];
      for (let i = 0; i < 3; i++) {
        const started = await cards.createIntent(ann, PLAN, 'next');
        amounts.push([started.part, started.amount.cents]);
        gateway.succeed(started.paymentIntentId);
        await cards.confirm(ann, PLAN, started.paymentIntentId);
        expect(await paid(PLAN)).toBe(i === 2);
      }
      expect(amounts).toEqual([
        ['installment', 10000],
        ['installment', 10000],
        ['balance', 10000],
      ]);
      expect((await billing.ofProject(PLAN))!.installments.map((i) => i.status)).toEqual(['paid', 'paid', 'paid']);
      await expect(cards.createIntent(ann, PLAN)).rejects.toMatchObject({ code: 'PAYMENTS.NOTHING_DUE' });
      expect(paidEvents()).toEqual([{ id: PLAN }]);
    });
  });
});
