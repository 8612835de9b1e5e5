import type { AuditAction } from '../../../shared/audit/audit-trail';
import { DomainError } from '../../../shared/errors/domain-error';
import { isAuditAction } from './audit-event';

/** A bound of the time filter: a whole day (read in the filter's time zone) or an exact instant. */
export type TimeBound = { day: string } | { instant: Date };

/** The Activity Log's filter, checked (CONTRACT §8: q, action, actorId, from, to). */
export interface AuditFilter {
  /** Case-insensitive text in the summary or the actor's e-mail. */
  q?: string;
  action?: AuditAction;
  actorId?: number;
  /** From this instant, or from the start of this day. */
  from?: TimeBound;
  /** Up to this instant, or to the end of this day (a date alone includes that day). */
  to?: TimeBound;
}

const bad = (message: string) => new DomainError('validation', 'LIST.BAD_PARAMETER', message);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

function validDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** A time bound: `YYYY-MM-DD`, or an ISO 8601 date-time with its offset (`2026-03-14T09:30:00Z`). */
export function timeBound(value: unknown, key: string): TimeBound | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  if (DAY.test(text) && validDay(text)) return { day: text };
  if (INSTANT.test(text) && validDay(text.slice(0, 10))) {
    const instant = new Date(text);
    if (!Number.isNaN(instant.getTime())) return { instant };
  }
  throw bad(`filter ${key} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`);
}

/** The action filter: one of the recorded actions, else 400. */
export function actionFilter(value: unknown): AuditAction | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!isAuditAction(value)) throw bad('filter action must be one of the recorded actions, e.g. project.created');
  return value;
}
