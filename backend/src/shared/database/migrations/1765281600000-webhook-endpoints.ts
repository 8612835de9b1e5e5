import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §9, webhook endpoints: where events are sent and which. The signing secret is kept as it is
 * (signing needs it; it is shown once, when the endpoint is made, and never answered again).
 */
export class WebhookEndpoints1765281600000 implements MigrationInterface {
  name = 'WebhookEndpoints1765281600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id           SERIAL        PRIMARY KEY,
        url          VARCHAR(2048) NOT NULL,
        events       TEXT[]        NOT NULL,
        description  VARCHAR(200),
        enabled      BOOLEAN       NOT NULL DEFAULT true,
        secret       VARCHAR(100)  NOT NULL,
        created_by   INTEGER       NOT NULL REFERENCES users (id),
        created_at   TIMESTAMPTZ   NOT NULL DEFAULT now(),
        updated_at   TIMESTAMPTZ   NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_endpoints`);
  }
}
