import { Injectable } from '@nestjs/common';
import { WebhookEvents } from '../../../../shared/integrations/webhook-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { CreditAccountRepository } from '../../application/ports/credit-account.repository';
import { CreditAccount } from '../../domain/credit-account';
import { txResponse, type TxRow } from './credit.queries';

@Injectable()
export class CreditAccountTypeormRepository extends CreditAccountRepository {
  /** Entries already written per account object, so saving twice never writes one twice. */
  private readonly written = new WeakMap<CreditAccount, number>();

  constructor(
    private readonly tx: TransactionHost,
    private readonly webhooks: WebhookEvents,
  ) {
    super();
  }

  async loadForUpdate(userId: number): Promise<CreditAccount> {
    await this.tx.manager.query(`INSERT INTO user_credits (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
    const rows: Array<{ balance: number }> = await this.tx.manager.query(`SELECT balance FROM user_credits WHERE user_id = $1 FOR UPDATE`, [
      userId,
    ]);
    return CreditAccount.open(userId, rows[0].balance);
  }

  async isCredited(stripePaymentId: string): Promise<boolean> {
    const rows: unknown[] = await this.tx.manager.query(
      `SELECT 1 FROM credit_transactions WHERE type = 'purchase' AND stripe_payment_id = $1`,
      [stripePaymentId],
    );
    return rows.length > 0;
  }

  async creditedAmong(stripePaymentIds: string[]): Promise<Set<string>> {
    if (stripePaymentIds.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.tx.manager.query(
      `SELECT stripe_payment_id AS id FROM credit_transactions WHERE type = 'purchase' AND stripe_payment_id = ANY($1)`,
      [stripePaymentIds],
    );
    return new Set(rows.map((r) => r.id));
  }

  async purchasesOf(userId: number, bundleId: number): Promise<number> {
    const rows: Array<{ n: string }> = await this.tx.manager.query(
      `SELECT count(*) AS n FROM credit_transactions WHERE type IN ('purchase', 'refund') AND user_id = $1 AND bundle_id = $2`,
      [userId, bundleId],
    );
    return Number(rows[0].n);
  }

  async purchasedWith(stripePaymentId: string): Promise<number> {
    const rows: Array<{ amount: number }> = await this.tx.manager.query(
      `SELECT amount FROM credit_transactions WHERE type = 'purchase' AND stripe_payment_id = $1`,
      [stripePaymentId],
    );
    return rows[0]?.amount ?? 0;
  }

  async balanceOf(userId: number): Promise<number> {
    const rows: Array<{ balance: number }> = await this.tx.manager.query(`SELECT balance FROM user_credits WHERE user_id = $1`, [userId]);
    return rows[0]?.balance ?? 0;
  }

  async save(account: CreditAccount): Promise<void> {
    const from = this.written.get(account) ?? 0;
    const entries = account.newEntries.slice(from);
    if (!entries.length) return;
    const inserted: TxRow[] = await this.tx.manager.query(
      `INSERT INTO credit_transactions (user_id, amount, type, bundle_id, project_id, description, stripe_payment_id)
       SELECT $1, * FROM unnest($2::int[], $3::varchar[], $4::int[], $5::int[], $6::varchar[], $7::varchar[])
       RETURNING id, amount, type, description, bundle_id, project_id, transaction_date`,
      [
        account.userId,
        entries.map((e) => e.amount),
        entries.map((e) => e.type),
        entries.map((e) => e.bundleId ?? null),
        entries.map((e) => e.projectId ?? null),
        entries.map((e) => e.description ?? null),
        entries.map((e) => e.stripePaymentId ?? null),
      ],
    );
    await this.tx.manager.query(`UPDATE user_credits SET balance = $2, last_updated = now() WHERE user_id = $1`, [
      account.userId,
      account.balance,
    ]);
    this.written.set(account, account.newEntries.length);
    // Every ledger entry is written here: purchases and redemptions are the integrators' credits.* events
    // (CONTRACT §9), in the transaction of the entry, with the balance after it (as POST /api/credit-adjustments answers).
    for (const row of inserted) {
      const type = row.type === 'purchase' ? 'credits.purchased' : row.type === 'redemption' ? 'credits.redeemed' : null;
      if (type) {
        await this.webhooks.emit(type, async () => ({ userId: account.userId, balance: account.balance, transaction: txResponse(row) }));
      }
    }
  }
}
