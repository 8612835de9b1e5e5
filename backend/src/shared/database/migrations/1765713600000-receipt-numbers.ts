import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §11, decision 0031: every completed payment has a receipt number, without gaps, in the order
 * payments complete. One counter row hands them out: a trigger takes the next number in the transaction
 * that inserts a completed payment (or completes a pending one), so a rolled-back completion gives its
 * number back, and the counter row stays locked until that transaction ends, so completions take
 * numbers one after another in commit order. It is an AFTER trigger so that an `INSERT … ON CONFLICT DO
 * NOTHING` that inserts nothing (a card payment reported twice) takes no number.
 *
 * Receipts e-mailed with the PDF attached keep the PDF in `email_attachments`, next to their outbox row.
 */
export class ReceiptNumbers1765713600000 implements MigrationInterface {
  name = 'ReceiptNumbers1765713600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments ADD COLUMN receipt_number INTEGER CHECK (receipt_number > 0)`);
    // Payments completed before receipts existed: numbered in the order they completed.
    await q.query(
      `UPDATE payments p SET receipt_number = n.rn
         FROM (SELECT id, row_number() OVER (ORDER BY payment_date, id) AS rn FROM payments WHERE status = 'completed') n
        WHERE p.id = n.id`,
    );
    await q.query(`ALTER TABLE payments ADD CONSTRAINT payments_receipt_number_key UNIQUE (receipt_number)`);
    await q.query(`
      CREATE TABLE receipt_counter (
        only_row BOOLEAN PRIMARY KEY DEFAULT true CHECK (only_row),
        last_number INTEGER NOT NULL CHECK (last_number >= 0)
      )`);
    await q.query(`INSERT INTO receipt_counter (last_number) SELECT coalesce(max(receipt_number), 0) FROM payments`);

    await q.query(`
      CREATE FUNCTION payments_issue_receipt_number() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE next_number INTEGER;
      BEGIN
        UPDATE receipt_counter SET last_number = last_number + 1 WHERE only_row RETURNING last_number INTO next_number;
        UPDATE payments SET receipt_number = next_number WHERE id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER payments_issue_receipt_number AFTER INSERT OR UPDATE OF status ON payments
        FOR EACH ROW WHEN (NEW.status = 'completed' AND NEW.receipt_number IS NULL)
        EXECUTE FUNCTION payments_issue_receipt_number()`);
    // A receipt, once issued, keeps its number.
    await q.query(`
      CREATE FUNCTION payments_keep_receipt_number() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'receipt number % of payment % cannot change', OLD.receipt_number, OLD.id USING ERRCODE = 'check_violation';
      END $$`);
    await q.query(`
      CREATE TRIGGER payments_keep_receipt_number BEFORE UPDATE OF receipt_number ON payments
        FOR EACH ROW WHEN (OLD.receipt_number IS NOT NULL AND NEW.receipt_number IS DISTINCT FROM OLD.receipt_number)
        EXECUTE FUNCTION payments_keep_receipt_number()`);

    await q.query(`
      CREATE TABLE email_attachments (
        id BIGSERIAL PRIMARY KEY,
        outbox_id BIGINT NOT NULL REFERENCES email_outbox(id) ON DELETE CASCADE,
        filename VARCHAR(200) NOT NULL,
        content_type VARCHAR(100) NOT NULL,
        content BYTEA NOT NULL
      )`);
    await q.query(`CREATE INDEX email_attachments_outbox_idx ON email_attachments (outbox_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_attachments`);
    await q.query(`DROP TRIGGER payments_keep_receipt_number ON payments`);
    await q.query(`DROP FUNCTION payments_keep_receipt_number()`);
    await q.query(`DROP TRIGGER payments_issue_receipt_number ON payments`);
    await q.query(`DROP FUNCTION payments_issue_receipt_number()`);
    await q.query(`DROP TABLE receipt_counter`);
    await q.query(`ALTER TABLE payments DROP COLUMN receipt_number`);
  }
}
