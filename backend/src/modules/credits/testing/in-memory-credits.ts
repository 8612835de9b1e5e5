/** In-memory fakes of the credits ports, one per port, for handler specs. They keep state, so specs assert outcomes. */
import { BundleRepository } from '../application/ports/bundle.repository';
import { CreditAccountRepository } from '../application/ports/credit-account.repository';
import { CreditAccount, CreditEntry } from '../domain/credit-account';
import { BundleProps, CreditBundle } from '../domain/credit-bundle';

/** Balances and the ledger; like the tables, never below zero and one purchase per provider payment id. */
export class InMemoryCreditAccounts extends CreditAccountRepository {
  readonly balances = new Map<number, number>();
  readonly ledger: Array<CreditEntry & { userId: number }> = [];
  /** Entries already written per account object, as the SQL adapter keeps them. */
  private readonly written = new WeakMap<CreditAccount, number>();

  async loadForUpdate(userId: number): Promise<CreditAccount> {
    if (!this.balances.has(userId)) this.balances.set(userId, 0);
    return CreditAccount.open(userId, this.balances.get(userId)!);
  }

  async save(account: CreditAccount): Promise<void> {
    const entries = account.newEntries.slice(this.written.get(account) ?? 0);
    if (!entries.length) return;
    for (const e of entries) {
      if (e.type === 'purchase' && this.ledger.some((l) => l.type === 'purchase' && l.stripePaymentId === e.stripePaymentId)) {
        throw new Error(`duplicate key value violates unique constraint "credit_transactions_purchase_uq" (${e.stripePaymentId})`);
      }
    }
    if (account.balance < 0) throw new Error('new row violates check constraint (balance >= 0)');
    this.ledger.push(...entries.map((e) => ({ ...e, userId: account.userId })));
    this.balances.set(account.userId, account.balance);
    this.written.set(account, account.newEntries.length);
  }

  async isCredited(stripePaymentId: string): Promise<boolean> {
    return this.ledger.some((l) => l.type === 'purchase' && l.stripePaymentId === stripePaymentId);
  }

  async creditedAmong(stripePaymentIds: string[]): Promise<Set<string>> {
    return new Set(stripePaymentIds.filter((id) => this.ledger.some((l) => l.type === 'purchase' && l.stripePaymentId === id)));
  }

  async purchasesOf(userId: number, bundleId: number): Promise<number> {
    return this.ledger.filter((l) => (l.type === 'purchase' || l.type === 'refund') && l.userId === userId && l.bundleId === bundleId)
      .length;
  }

  async balanceOf(userId: number): Promise<number> {
    return this.balances.get(userId) ?? 0;
  }

  async purchasedWith(stripePaymentId: string): Promise<number> {
    return this.ledger.find((l) => l.type === 'purchase' && l.stripePaymentId === stripePaymentId)?.amount ?? 0;
  }

  /** The ledger entries of one client. */
  entriesOf(userId: number): Array<CreditEntry & { userId: number }> {
    return this.ledger.filter((l) => l.userId === userId);
  }
}

/** The bundles on sale; deleted ones are hidden from `find` but kept. */
export class InMemoryBundles extends BundleRepository {
  readonly rows = new Map<number, { bundle: CreditBundle; deleted: boolean }>();
  private nextId = 1;

  async find(id: number): Promise<CreditBundle | null> {
    const row = this.rows.get(id);
    return row && !row.deleted ? row.bundle : null;
  }

  async insert(props: Omit<BundleProps, 'id'>): Promise<CreditBundle> {
    const bundle = CreditBundle.create({ ...props, id: this.nextId++ });
    this.rows.set(bundle.id, { bundle, deleted: false });
    return bundle;
  }

  async update(bundle: CreditBundle): Promise<void> {
    const row = this.rows.get(bundle.id);
    if (row && !row.deleted) row.bundle = bundle;
  }

  async softDelete(id: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.deleted) return false;
    row.deleted = true;
    return true;
  }
}
