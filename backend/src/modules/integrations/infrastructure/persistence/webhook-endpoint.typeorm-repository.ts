import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { WebhookEndpointRepository, type EndpointChanges } from '../../application/ports/webhook-endpoint.repository';
import type { WebhookEndpoint, WebhookEventType } from '../../domain/webhook-endpoint';

interface Row {
  id: number;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  created_at: Date;
}

const COLUMNS = 'id, url, events, description, enabled, created_at';
const toEndpoint = (r: Row): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  events: r.events,
  description: r.description,
  enabled: r.enabled,
  createdAt: r.created_at,
});

/** `webhook_endpoints`; changes are read back through a WITH (TypeORM answers [rows, count] for a bare UPDATE … RETURNING). */
@Injectable()
export class WebhookEndpointTypeormRepository extends WebhookEndpointRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async create(input: {
    url: string;
    events: WebhookEventType[];
    description: string | null;
    secret: string;
    createdBy: number;
  }): Promise<WebhookEndpoint> {
    const rows: Row[] = await this.tx.manager.query(
      `INSERT INTO webhook_endpoints (url, events, description, secret, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [input.url, input.events, input.description, input.secret, input.createdBy],
    );
    return toEndpoint(rows[0]);
  }

  async list(): Promise<WebhookEndpoint[]> {
    const rows: Row[] = await this.tx.manager.query(`SELECT ${COLUMNS} FROM webhook_endpoints ORDER BY created_at DESC, id DESC`);
    return rows.map(toEndpoint);
  }

  async find(id: number): Promise<WebhookEndpoint | null> {
    const rows: Row[] = await this.tx.manager.query(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = $1`, [id]);
    return rows[0] ? toEndpoint(rows[0]) : null;
  }

  async update(id: number, changes: EndpointChanges): Promise<WebhookEndpoint | null> {
    const rows: Row[] = await this.tx.manager.query(
      `WITH u AS (
         UPDATE webhook_endpoints SET
           url = COALESCE($2, url),
           events = COALESCE($3, events),
           description = CASE WHEN $4 THEN $5 ELSE description END,
           enabled = COALESCE($6, enabled),
           updated_at = now()
         WHERE id = $1 RETURNING ${COLUMNS})
       SELECT * FROM u`,
      [
        id,
        changes.url ?? null,
        changes.events ?? null,
        changes.description !== undefined,
        changes.description ?? null,
        changes.enabled ?? null,
      ],
    );
    return rows[0] ? toEndpoint(rows[0]) : null;
  }

  async remove(id: number): Promise<WebhookEndpoint | null> {
    const rows: Row[] = await this.tx.manager.query(
      `WITH d AS (DELETE FROM webhook_endpoints WHERE id = $1 RETURNING ${COLUMNS}) SELECT * FROM d`,
      [id],
    );
    return rows[0] ? toEndpoint(rows[0]) : null;
  }
}
