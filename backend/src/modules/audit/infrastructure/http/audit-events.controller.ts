import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { Access } from '../../../../shared/auth/access';
import { ApiListQuery } from '../../../../shared/http/api-list-query';
import { parseListQuery, sendList } from '../../../../shared/http/list-query';
import { AUDIT_EVENT_SORTS, AuditEventQueries } from '../persistence/audit-event.queries';
import { AuditEventResponse } from './dto/audit-event.response';

const EXPORT_LIMIT = 100_000;
const FILTER_EXAMPLE = '{"q":"wedding","action":"project.created","actorId":1,"from":"2026-11-01","to":"2026-11-30","tz":"Europe/Paris"}';

/** Keeps spreadsheet programs from reading a cell as a formula (summaries quote names users typed). */
function csvSafe(value: string | null): string {
  if (value === null) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The activity log (CONTRACT §8), read-only: no route changes or deletes an event. Filters: q (summary
 * or actor e-mail), action, actorId, from and to (a date, read in tz, or an ISO date-time; `to` includes
 * its day).
 */
@ApiTags('audit')
@ApiCookieAuth()
@Controller('audit-events')
@Access.admin('read')
export class AuditEventsController {
  constructor(private readonly queries: AuditEventQueries) {}

  @Get()
  @ApiOperation({
    summary: 'List activity log events',
    description: 'The activity log, newest first; filter q, action, actorId, from, to (with tz for dates)',
  })
  @ApiListQuery(FILTER_EXAMPLE)
  @ApiOkResponse({ type: AuditEventResponse, isArray: true })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<AuditEventResponse[]> {
    const q = parseListQuery(query, AUDIT_EVENT_SORTS, { field: 'at', order: 'DESC' });
    const { rows, total } = await this.queries.list(q);
    return sendList(res, 'audit-events', q, rows, total);
  }

  @Get('export.csv')
  @ApiOperation({
    operationId: 'exportAuditEventsCsv',
    summary: 'Export the activity log as CSV',
    description: 'Every event matching the filter (at most 100,000), as a CSV download',
  })
  @ApiListQuery(FILTER_EXAMPLE)
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } })
  async exportCsv(@Query() query: Record<string, unknown>, @Res() res: FastifyReply): Promise<void> {
    const parsed = parseListQuery({ ...query, range: undefined }, AUDIT_EVENT_SORTS, { field: 'at', order: 'DESC' });
    const { rows } = await this.queries.list({ ...parsed, offset: 0, limit: EXPORT_LIMIT });
    const csv = stringify(
      rows.map((e) => [
        e.id,
        e.at,
        e.actorId ?? '',
        csvSafe(e.actorEmail),
        e.action,
        e.targetType ?? '',
        csvSafe(e.targetId),
        csvSafe(e.summary),
        e.ip ?? '',
        csvSafe(e.via),
      ]),
      { header: true, columns: ['ID', 'Date', 'Actor ID', 'Actor', 'Action', 'Target Type', 'Target ID', 'Summary', 'IP Address', 'Via'] },
    );
    const day = new Date().toISOString().slice(0, 10);
    res
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="activity-log-${day}.csv"`)
      .header('Access-Control-Expose-Headers', 'Content-Disposition')
      .send('\uFEFF' + csv);
  }
}
