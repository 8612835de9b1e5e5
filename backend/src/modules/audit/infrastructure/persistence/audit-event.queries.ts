import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlRead } from '../../../../shared/database/prepared';
import { intFilter, likePattern, ListQuery, textFilter } from '../../../../shared/http/list-query';
import { timeZone } from '../../../../shared/http/time-zone';
import { actionFilter, AuditFilter, TimeBound, timeBound } from '../../domain/audit-filter';
import type { AuditEventResponse } from '../http/dto/audit-event.response';
import { AUDIT_EVENT_COLUMNS, AuditEventRow, auditEventResponse } from './audit-event.mapper';

export const AUDIT_EVENT_SORTS = ['at', 'id', 'action'] as const;
export type AuditEventSort = (typeof AUDIT_EVENT_SORTS)[number];

const ORDER: Record<AuditEventSort, string> = { at: 'e.at', id: 'e.id', action: 'e.action' };

/** The filter of the list and the export ({q, action, actorId, from, to, tz}), checked: 400 on a bad value. */
export function auditFilter(filter: Record<string, unknown>): AuditFilter & { tz: string } {
  return {
    q: textFilter(filter, 'q'),
    action: actionFilter(filter.action),
    actorId: intFilter(filter, 'actorId'),
    from: timeBound(filter.from, 'from'),
    to: timeBound(filter.to, 'to'),
    tz: timeZone(filter.tz),
  };
}

/** Read side of the activity log: a page and its total in one statement. */
@Injectable()
export class AuditEventQueries {
  constructor(private readonly db: DataSource) {}

  private where(f: AuditFilter & { tz: string }): { conds: string[]; params: unknown[] } {
    const params: unknown[] = [];
    const conds: string[] = [];
    const param = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (f.q) {
      const p = param(likePattern(f.q));
      conds.push(`(e.summary ILIKE ${p} OR e.actor_email ILIKE ${p})`);
    }
    if (f.action) conds.push(`e.action = ${param(f.action)}`);
    if (f.actorId) conds.push(`e.actor_id = ${param(f.actorId)}`);
    // A day is read in the filter's time zone (UTC unless `tz` says otherwise); `to` includes its day.
    const bound = (b: TimeBound, end: boolean) =>
      'day' in b
        ? `(${param(b.day)}::date${end ? ' + 1' : ''})::timestamp AT TIME ZONE ${param(f.tz)}`
        : `${param(b.instant.toISOString())}::timestamptz`;
    if (f.from) conds.push(`e.at >= ${bound(f.from, false)}`);
    if (f.to) conds.push(`e.at ${'day' in f.to ? '<' : '<='} ${bound(f.to, true)}`);
    return { conds, params };
  }

  async list(q: ListQuery<AuditEventSort>): Promise<{ rows: AuditEventResponse[]; total: number }> {
    const { conds, params } = this.where(auditFilter(q.filter));
    const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    params.push(q.limit === Number.MAX_SAFE_INTEGER ? null : q.limit, q.offset);
    const rows: Array<AuditEventRow & { total: string }> = await sqlRead(
      this.db,
      `SELECT ${AUDIT_EVENT_COLUMNS}, count(*) OVER () AS total FROM audit_events e ${where}
        ORDER BY ${ORDER[q.sortField]} ${q.sortOrder}, e.id ${q.sortOrder}
        LIMIT $${params.length - 1}::bigint OFFSET $${params.length}::bigint`,
      params,
    );
    const total = rows.length ? Number(rows[0].total) : q.offset > 0 ? await this.count(where, params.slice(0, -2)) : 0;
    return { rows: rows.map(auditEventResponse), total };
  }

  private async count(where: string, params: unknown[]): Promise<number> {
    const rows: Array<{ n: string }> = await sqlRead(this.db, `SELECT count(*) AS n FROM audit_events e ${where}`, params);
    return Number(rows[0].n);
  }
}
