import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../../shared/audit/audit-trail';
import type { RequestContextData } from '../../../shared/audit/request-context';

/** The longest summary kept: one line of the Activity Log, never a document. */
export const MAX_SUMMARY = 500;

/** One event as it is appended: who, what, to what, from where. */
export interface AuditRecord {
  action: AuditAction;
  actorId: number | null;
  actorEmail: string | null;
  targetType: string | null;
  targetId: string | null;
  summary: string;
  ip: string | null;
  /** `token:<id> <name>` when an API token acted for the actor; null for a session or no actor. */
  via: string | null;
}

/** One stored event: the record with its id and time. */
export interface AuditEvent extends AuditRecord {
  id: number;
  at: Date;
}

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/**
 * The record of an entry: actor and address default to the request's (`context`); an explicit
 * `actor: null` or `ip: null` records none. The summary is one trimmed line of at most MAX_SUMMARY characters.
 */
export function auditRecord(entry: AuditEntry, context: RequestContextData | null): AuditRecord {
  if (!isAuditAction(entry.action)) throw new Error(`unknown audit action ${String(entry.action)}`);
  const actor = entry.actor === undefined ? (context?.actor ?? null) : entry.actor;
  const via = entry.actor === undefined && actor ? (context?.via ?? null) : null;
  const ip = entry.ip === undefined ? (context?.ip ?? null) : entry.ip;
  const line = entry.summary.replace(/\s+/g, ' ').trim();
  return {
    action: entry.action,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    targetType: entry.targetType,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    summary: line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line,
    ip,
    via,
  };
}
