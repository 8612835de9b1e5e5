import { Injectable } from '@nestjs/common';
import { AuditEntry, AuditTrail } from '../../../shared/audit/audit-trail';
import { RequestContext } from '../../../shared/audit/request-context';
import { auditRecord } from '../domain/audit-event';
import { AuditEventStore } from './ports/audit-event.store';

/**
 * The app's AuditTrail: an entry's actor and address default to the request's (RequestContext), and
 * the event is appended through the store, which writes in the caller's open transaction, so the event
 * commits, or rolls back, with the change it records.
 */
@Injectable()
export class RequestAuditTrail extends AuditTrail {
  constructor(private readonly store: AuditEventStore) {
    super();
  }

  async record(entry: AuditEntry): Promise<void> {
    await this.store.append(auditRecord(entry, RequestContext.current()));
  }
}
