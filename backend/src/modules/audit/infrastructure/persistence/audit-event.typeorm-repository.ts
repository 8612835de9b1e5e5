import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { AuditEventStore } from '../../application/ports/audit-event.store';
import type { AuditRecord } from '../../domain/audit-event';

/** Appends through TransactionHost.manager: inside the caller's transaction when one is open. */
@Injectable()
export class AuditEventTypeormRepository extends AuditEventStore {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async append(r: AuditRecord): Promise<void> {
    await this.tx.manager.query(
      `INSERT INTO audit_events (actor_id, actor_email, action, target_type, target_id, summary, ip, via)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [r.actorId, r.actorEmail, r.action, r.targetType, r.targetId, r.summary, r.ip, r.via],
    );
  }
}
