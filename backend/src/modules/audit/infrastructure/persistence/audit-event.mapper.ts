import type { AuditEventResponse } from '../http/dto/audit-event.response';

/** An `audit_events` row as the list reads it with AUDIT_EVENT_COLUMNS. */
export interface AuditEventRow {
  id: string;
  at: Date;
  actor_id: number | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  summary: string;
  ip: string | null;
  via: string | null;
}

export const AUDIT_EVENT_COLUMNS = 'e.id, e.at, e.actor_id, e.actor_email, e.action, e.target_type, e.target_id, e.summary, e.ip, e.via';

export function auditEventResponse(r: AuditEventRow): AuditEventResponse {
  return {
    id: Number(r.id),
    at: r.at.toISOString(),
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    summary: r.summary,
    ip: r.ip,
    via: r.via,
  };
}
