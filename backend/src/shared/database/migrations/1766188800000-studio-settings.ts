import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §13 (decision 0040): the studio's own settings, one row (id = 1) holding its name, logo
 * version, accent colour, contact details, money style, tax and billing terms, e-mail sender and booking
 * page. The domain validates every field (modules/studio/domain/studio-rules.ts); these CHECKs are the
 * same limits again, so no write that skips the domain can store what the domain refuses.
 */
export class StudioSettings1766188800000 implements MigrationInterface {
  name = 'StudioSettings1766188800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE studio_settings (
        id                SMALLINT      PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        name              VARCHAR(100)  NOT NULL CHECK (btrim(name) <> '' AND name = btrim(name)),
        logo_version      INTEGER       CHECK (logo_version > 0 AND logo_version <= logo_uploads),
        -- every upload takes the next number, never reused (a removed logo's address stays cached)
        logo_uploads      INTEGER       NOT NULL DEFAULT 0 CHECK (logo_uploads >= 0),
        accent_color      VARCHAR(7)    NOT NULL CHECK (accent_color ~ '^#[0-9a-f]{6}$'),
        email             VARCHAR(254)  NOT NULL DEFAULT '',
        phone             VARCHAR(40)   NOT NULL DEFAULT '',
        address           VARCHAR(500)  NOT NULL DEFAULT '',
        website           VARCHAR(500)  NOT NULL DEFAULT '',
        currency          CHAR(3)       NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        time_zone         VARCHAR(64)   NOT NULL CHECK (time_zone <> ''),
        locale            VARCHAR(35)   NOT NULL CHECK (locale <> ''),
        tax_rate          NUMERIC(6, 3) NOT NULL CHECK (tax_rate >= 0 AND tax_rate <= 30),
        tax_name          VARCHAR(40)   NOT NULL,
        tax_inclusive     BOOLEAN       NOT NULL,
        invoice_terms     VARCHAR(2000) NOT NULL DEFAULT '',
        payment_due_days  SMALLINT      NOT NULL CHECK (payment_due_days BETWEEN 0 AND 90),
        reminder_days     SMALLINT[]    NOT NULL CHECK (
                            cardinality(reminder_days) <= 10
                            AND array_position(reminder_days, NULL) IS NULL
                            AND -30 <= ALL (reminder_days) AND 60 >= ALL (reminder_days)),
        email_from_name   VARCHAR(100)  NOT NULL DEFAULT '' CHECK (email_from_name !~ '[\\r\\n<>"]'),
        reply_to          VARCHAR(254)  NOT NULL DEFAULT '',
        booking_url       VARCHAR(500)  CHECK (booking_url ~ '^https?://'),
        updated_at        TIMESTAMPTZ   NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO studio_settings (id, name, accent_color, currency, time_zone, locale, tax_rate, tax_name, tax_inclusive,
                                   payment_due_days, reminder_days)
      VALUES (1, 'Studio Portal', '#1e3a8a', 'USD', 'UTC', 'en-US', 0, 'Sales tax', false, 14, '{-3,0,7}')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE studio_settings`);
  }
}
