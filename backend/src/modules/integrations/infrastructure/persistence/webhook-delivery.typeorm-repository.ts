import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { DeliveryView, WebhookDeliveryRepository } from '../../application/ports/webhook-delivery.repository';
import { WebhookDelivery, type WebhookDeliveryStatus, type WebhookEventBody } from '../../domain/webhook-delivery';
import type { WebhookEventType } from '../../domain/webhook-endpoint';

interface ViewRow {
  id: string;
  public_id: string;
  type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Date;
  total?: string;
}

interface ClaimedRow {
  id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  endpoint_id: number;
  url: string;
  secret: string;
  body: string;
}

const VIEW = `d.id, ev.public_id, ev.type, d.status, d.attempts, d.last_status_code, d.last_error, d.next_attempt_at, d.created_at`;

const toView = (r: ViewRow): DeliveryView => ({
  id: Number(r.id),
  eventId: r.public_id,
  type: r.type,
  status: r.status === 'sending' ? 'pending' : r.status,
  attempts: r.attempts,
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
  createdAt: r.created_at,
});

/** `webhook_events` and `webhook_deliveries`. Claims and outcomes go straight to the pool (the worker runs in no request's transaction). */
@Injectable()
export class WebhookDeliveryTypeormRepository extends WebhookDeliveryRepository {
  constructor(
    private readonly tx: TransactionHost,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  async subscribers(type: WebhookEventType): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.tx.manager.query(
      `SELECT id FROM webhook_endpoints WHERE enabled AND $1 = ANY(events) ORDER BY id`,
      [type],
    );
    return rows.map((r) => r.id);
  }

  async addEvent(body: { id: string; type: WebhookEventType; text: string }, endpointIds: number[]): Promise<number[]> {
    const rows: Array<{ id: string }> = await this.tx.manager.query(
      `WITH ev AS (INSERT INTO webhook_events (public_id, type, body) VALUES ($1, $2, $3) RETURNING id)
       INSERT INTO webhook_deliveries (event_id, endpoint_id)
       SELECT ev.id, e FROM ev, unnest($4::int[]) AS e
       RETURNING id`,
      [body.id, body.type, body.text, endpointIds],
    );
    return rows.map((r) => Number(r.id));
  }

  async claimDue(limit: number, leaseMs: number): Promise<WebhookDelivery[]> {
    // Endpoint by endpoint (a handful): each enabled one with no delivery under a live lease offers its
    // oldest due delivery (one index probe), and the oldest of those are taken. Locking the endpoint's row
    // (SKIP LOCKED) keeps two claims off one endpoint at once; the UPDATE states the due condition again,
    // so a claim that read an older snapshot cannot take a delivery another has just taken. One delivery
    // in flight per endpoint: a receiver that hangs holds up its own deliveries only, and a backlog for one
    // endpoint is never scanned through to find another's.
    const DUE = `((d.status = 'pending' AND d.next_attempt_at <= now()) OR (d.status = 'sending' AND d.locked_until < now()))`;
    const rows: ClaimedRow[] = await this.dataSource.query(
      `WITH picked AS (
         SELECT next.id FROM webhook_endpoints e
           CROSS JOIN LATERAL (
             SELECT d.id, d.next_attempt_at FROM webhook_deliveries d
              WHERE d.endpoint_id = e.id AND d.status IN ('pending', 'sending') AND ${DUE}
              ORDER BY d.next_attempt_at, d.id LIMIT 1) next
          WHERE e.enabled
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries s
                             WHERE s.endpoint_id = e.id AND s.status = 'sending' AND s.locked_until >= now())
          ORDER BY next.next_attempt_at, next.id
          LIMIT $1
          FOR UPDATE OF e SKIP LOCKED),
       claimed AS (
         UPDATE webhook_deliveries d
            SET status = 'sending', attempts = d.attempts + 1,
                locked_until = now() + make_interval(secs => $2::double precision / 1000)
           FROM picked WHERE d.id = picked.id AND ${DUE}
         RETURNING d.id, d.status, d.attempts, d.next_attempt_at, d.endpoint_id, d.event_id)
       SELECT c.id, c.status, c.attempts, c.next_attempt_at, c.endpoint_id, e.url, e.secret, ev.body
         FROM claimed c JOIN webhook_endpoints e ON e.id = c.endpoint_id JOIN webhook_events ev ON ev.id = c.event_id`,
      [limit, leaseMs],
    );
    return rows.map(
      (r) =>
        new WebhookDelivery(
          Number(r.id),
          { id: r.endpoint_id, url: r.url, secret: r.secret },
          JSON.parse(r.body) as WebhookEventBody,
          r.body,
          r.status,
          r.attempts,
          r.next_attempt_at,
        ),
    );
  }

  async saveOutcome(d: WebhookDelivery): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries
          SET status = $2, next_attempt_at = $3, locked_until = NULL, last_status_code = $4, last_error = $5,
              last_attempt_at = $6, delivered_at = $7
        WHERE id = $1`,
      [d.id, d.status, d.nextAttemptAt, d.lastStatusCode, d.lastError, d.lastAttemptAt, d.deliveredAt],
    );
  }

  async ofEndpoint(endpointId: number, offset: number, limit: number): Promise<{ rows: DeliveryView[]; total: number }> {
    const rows: ViewRow[] = await this.tx.manager.query(
      `SELECT ${VIEW}, (SELECT count(*) FROM webhook_deliveries c WHERE c.endpoint_id = $1) AS total
         FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
        WHERE d.endpoint_id = $1
        ORDER BY d.id DESC OFFSET $2 LIMIT $3`,
      [endpointId, offset, limit],
    );
    const total = rows.length
      ? Number(rows[0].total)
      : Number(
          (await this.tx.manager.query(`SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = $1`, [endpointId]))[0].n as string,
        );
    return { rows: rows.map(toView), total };
  }

  async find(id: number): Promise<DeliveryView | null> {
    const rows: ViewRow[] = await this.tx.manager.query(
      `SELECT ${VIEW} FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id WHERE d.id = $1`,
      [id],
    );
    return rows[0] ? toView(rows[0]) : null;
  }

  async requeue(id: number): Promise<DeliveryView | 'in-flight' | null> {
    const rows: ViewRow[] = await this.tx.manager.query(
      `WITH u AS (
         UPDATE webhook_deliveries
            SET status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = NULL
          WHERE id = $1 AND NOT (status = 'sending' AND locked_until >= now())
         RETURNING *)
       SELECT ${VIEW} FROM u d JOIN webhook_events ev ON ev.id = d.event_id`,
      [id],
    );
    if (rows[0]) return toView(rows[0]);
    return (await this.find(id)) ? 'in-flight' : null;
  }
}
