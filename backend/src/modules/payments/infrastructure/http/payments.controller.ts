import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { Access } from '../../../../shared/auth/access';
import { ApiListQuery } from '../../../../shared/http/api-list-query';
import { parseListQuery, sendList } from '../../../../shared/http/list-query';
import { timeZone } from '../../../../shared/http/time-zone';
import { StudioSettings } from '../../../studio';
import { DashboardQueries } from '../persistence/dashboard.queries';
import { PAYMENT_SORTS, PaymentQueries } from '../persistence/payment.queries';
import { DashboardResponse, PaymentResponse, PaymentSummaryResponse } from './dto/payment.response';

const EXPORT_LIMIT = 100_000;

/** Keeps spreadsheet programs from reading a cell as a formula (names come from users). */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

@ApiTags('payments')
@ApiCookieAuth()
@Controller()
@Access.admin('read')
export class PaymentsController {
  constructor(
    private readonly queries: PaymentQueries,
    private readonly dashboard: DashboardQueries,
    private readonly studio: StudioSettings,
  ) {}

  @Get('payments')
  @ApiOperation({ summary: 'List payments', description: 'Payment history, newest first; filter q, day (YYYY-MM-DD) with tz, status' })
  @ApiListQuery('{"q":"harbour","day":"2026-11-21","tz":"Europe/Paris"}')
  @ApiOkResponse({ type: PaymentResponse, isArray: true })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<PaymentResponse[]> {
    const q = parseListQuery(query, PAYMENT_SORTS, { field: 'paymentDate', order: 'DESC' });
    const { rows, total } = await this.queries.list(q);
    return sendList(res, 'payments', q, rows, total);
  }

  @Get('payments/summary')
  @ApiOperation({
    operationId: 'getPaymentSummary',
    summary: 'Get payment totals',
    description: 'Total and count of every payment matching the filter (the Total Revenue card)',
  })
  @ApiQuery({ name: 'filter', required: false })
  @ApiOkResponse({ type: PaymentSummaryResponse })
  summary(@Query() query: Record<string, unknown>): Promise<PaymentSummaryResponse> {
    return this.queries.summary(parseListQuery(query, PAYMENT_SORTS, { field: 'paymentDate', order: 'DESC' }).filter);
  }

  @Get('payments/export.csv')
  @ApiOperation({
    operationId: 'exportPaymentsCsv',
    summary: 'Export payments as CSV',
    description: 'Every payment matching the filter, as a CSV download',
  })
  @ApiListQuery()
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } })
  async exportCsv(@Query() query: Record<string, unknown>, @Res() res: FastifyReply): Promise<void> {
    const parsed = parseListQuery({ ...query, range: undefined }, PAYMENT_SORTS, { field: 'paymentDate', order: 'DESC' });
    const { rows } = await this.queries.list({ ...parsed, offset: 0, limit: EXPORT_LIMIT });
    // Amounts stay plain numbers for spreadsheets; the headers name the studio's currency by its ISO code
    // ('Amount (EUR)'), which no two currencies share as they do '$' (decision 0042).
    const currency = (await this.studio.current()).currency;
    const csv = stringify(
      rows.map((p) => [
        p.id,
        p.paymentDate,
        csvSafe(p.projectName ?? `Credit bundle: ${p.bundleName}`),
        csvSafe(p.clientName),
        p.amount.toFixed(2),
        p.refundedAmount.toFixed(2),
        p.method,
        p.status,
        csvSafe(p.note ?? ''),
      ]),
      {
        header: true,
        columns: ['ID', 'Date', 'Project', 'Client', `Amount (${currency})`, `Refunded (${currency})`, 'Payment Method', 'Status', 'Note'],
      },
    );
    const day = new Date().toISOString().slice(0, 10);
    res
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="payments-${day}.csv"`)
      .header('Access-Control-Expose-Headers', 'Content-Disposition')
      .send('\uFEFF' + csv);
  }

  @Get('dashboard')
  @ApiOperation({
    operationId: 'getDashboard',
    summary: 'Get the dashboard figures',
    description: 'The dashboard cards and the 5 newest activities; tz is the admin’s IANA time zone',
  })
  @ApiQuery({ name: 'tz', required: false, example: 'Europe/Paris' })
  @ApiOkResponse({ type: DashboardResponse })
  figures(@Query('tz') tz?: string): Promise<DashboardResponse> {
    return this.dashboard.figures(timeZone(tz));
  }
}
