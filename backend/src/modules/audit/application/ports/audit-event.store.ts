import type { AuditRecord } from '../../domain/audit-event';

/** Port: where events are appended, in the caller's open transaction. Nothing here changes or removes one. */
export abstract class AuditEventStore {
  abstract append(record: AuditRecord): Promise<void>;
}
