import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §11: credit-bundle purchases are payments. A payment pays for exactly one thing, a project or
 * a bundle. Purchases made before this are written into `payments` from the credit ledger and the card
 * intent they were paid with (which holds the amount charged); the receipt trigger numbers them after
 * the receipts already issued, oldest purchase first (decision 0032). A purchase whose intent is not
 * recorded (none is: the purchase handler only credits a recorded intent) has no known amount and is
 * left as a ledger entry alone.
 */
/** The purchases of the ledger that are not payments yet become payments; running it again adds nothing. */
export async function backfillBundlePayments(q: { query(sql: string): Promise<unknown> }): Promise<void> {
  await q.query(
    `INSERT INTO payments (project_id, bundle_id, client_id, amount_cents, stripe_payment_id, status, payment_date, created_at)
     SELECT NULL, ct.bundle_id, ct.user_id, i.amount_cents, ct.stripe_payment_id, 'completed', ct.transaction_date, ct.transaction_date
       FROM credit_transactions ct JOIN card_payment_intents i ON i.id = ct.stripe_payment_id
      WHERE ct.type = 'purchase' AND ct.bundle_id IS NOT NULL
      ORDER BY ct.transaction_date, ct.id
     ON CONFLICT (stripe_payment_id) DO NOTHING`,
  );
}

export class BundlePayments1765800000000 implements MigrationInterface {
  name = 'BundlePayments1765800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments ALTER COLUMN project_id DROP NOT NULL`);
    await q.query(`ALTER TABLE payments ADD COLUMN bundle_id INTEGER REFERENCES credit_bundles (id)`);
    await q.query(`ALTER TABLE payments ADD CONSTRAINT payments_pays_for_one CHECK ((project_id IS NULL) <> (bundle_id IS NULL))`);
    await q.query(`CREATE INDEX payments_bundle_idx ON payments (bundle_id) WHERE bundle_id IS NOT NULL`);
    await backfillBundlePayments(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM payments WHERE bundle_id IS NOT NULL`);
    await q.query(`DROP INDEX payments_bundle_idx`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT payments_pays_for_one`);
    await q.query(`ALTER TABLE payments DROP COLUMN bundle_id`);
    await q.query(`ALTER TABLE payments ALTER COLUMN project_id SET NOT NULL`);
  }
}
