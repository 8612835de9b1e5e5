import type { SortPayload } from 'react-admin';

/** The filter of the Activity Log: the list's and the export's (CONTRACT §8). */
export interface AuditEventsFilter {
  q?: string;
  action?: string;
  actorId?: number | string;
  /** YYYY-MM-DD, read in `tz`; `to` includes its day */
  from?: string;
  to?: string;
  /** the browser's IANA time zone */
  tz?: string;
}

export const DEFAULT_AUDIT_SORT: SortPayload = { field: 'at', order: 'DESC' };
export const DEFAULT_AUDIT_EXPORT_FILENAME = 'activity-log.csv';

/** The filter without its empty values, as the list sends it. */
export function cleanFilter(filter: AuditEventsFilter): AuditEventsFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== '')) as AuditEventsFilter;
}

/** The Activity Log's own call (its chunk, not the back office's dataProvider). */
export const auditEventsMethods = {
  /** GET /api/audit-events/export.csv?filter=...&sort=...: downloads the CSV of the filtered events. */
  async exportAuditEventsCsv(
    filter: AuditEventsFilter,
    sort: SortPayload = DEFAULT_AUDIT_SORT,
  ): Promise<{ data: { filename: string; size: number } }> {
    const query = new URLSearchParams({
      filter: JSON.stringify(cleanFilter(filter)),
      sort: JSON.stringify([sort.field, sort.order]),
    });
    const data = await (
      await import('../payments/download')
    ).downloadFile(`/api/audit-events/export.csv?${query}`, DEFAULT_AUDIT_EXPORT_FILENAME);
    return { data };
  },
};

export type AuditEventsMethods = typeof auditEventsMethods;

/** The page's calls (tests replace them with `fakeApi`). */
export function useAuditEventsApi(): AuditEventsMethods {
  return auditEventsMethods;
}
