import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §9, webhook events and their deliveries. An event is stored in the transaction of the
 * change that caused it, with one delivery per enabled endpoint subscribed to its type; the worker
 * claims due deliveries with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), like the e-mail
 * outbox. An event keeps its body as sent (`{"id", "type", "createdAt", "data"}`, the bytes every try signs
 * and sends). Removing an endpoint removes its deliveries.
 */
export class WebhookDeliveries1765368000000 implements MigrationInterface {
  name = 'WebhookDeliveries1765368000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_events (
        id          BIGSERIAL    PRIMARY KEY,
        public_id   VARCHAR(40)  NOT NULL UNIQUE,
        type        VARCHAR(40)  NOT NULL,
        body        TEXT         NOT NULL,
        created_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id               BIGSERIAL     PRIMARY KEY,
        event_id         BIGINT        NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
        endpoint_id      INTEGER       NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        status           VARCHAR(20)   NOT NULL DEFAULT 'pending'
                                       CHECK (status IN ('pending', 'sending', 'succeeded', 'failed')),
        attempts         INTEGER       NOT NULL DEFAULT 0,
        next_attempt_at  TIMESTAMPTZ   NOT NULL DEFAULT now(),
        locked_until     TIMESTAMPTZ,
        last_status_code INTEGER,
        last_error       VARCHAR(1000),
        last_attempt_at  TIMESTAMPTZ,
        delivered_at     TIMESTAMPTZ,
        created_at       TIMESTAMPTZ   NOT NULL DEFAULT now()
      )`);
    // The worker's questions, per endpoint: its oldest due delivery, and whether one is in flight.
    await q.query(
      `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (endpoint_id, next_attempt_at, id) WHERE status IN ('pending', 'sending')`,
    );
    await q.query(`CREATE INDEX webhook_deliveries_sending_idx ON webhook_deliveries (endpoint_id) WHERE status = 'sending'`);
    // The delivery log of one endpoint, newest first.
    await q.query(`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_events`);
  }
}
