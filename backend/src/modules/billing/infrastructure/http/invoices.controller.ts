import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Access } from '../../../../shared/auth/access';
import { CurrentUser } from '../../../../shared/auth/guards';
import type { SignedInAccount } from '../../../../shared/auth/request-user';
import { ApiListQuery } from '../../../../shared/http/api-list-query';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { Idempotent } from '../../../../shared/http/idempotency';
import { parseListQuery, sendList } from '../../../../shared/http/list-query';
import { Billing } from '../../application/billing';
import { InvoiceDocuments } from '../../application/invoice-documents';
import { Invoices } from '../../application/invoices';
import { SendInvoice } from '../../application/send-invoice';
import { INVOICE_SORTS, InvoiceReads } from '../../application/ports/invoice-reads';
import {
  InvoiceDetailResponse,
  InvoicePatchRequest,
  InvoiceSentResponse,
  InvoiceSummaryResponse,
  ScheduleItemRequest,
  readPatch,
  readSchedule,
} from './dto/invoice.dto';

/** CONTRACT §14: the studio's invoices, a client's own, one invoice, its PDF, its lines and schedule. */
@ApiTags('invoices')
@ApiCookieAuth()
@Controller()
export class InvoicesController {
  constructor(
    private readonly invoices: Invoices,
    private readonly reads: InvoiceReads,
    private readonly billing: Billing,
    private readonly documents: InvoiceDocuments,
    private readonly sender: SendInvoice,
  ) {}

  @Get('invoices')
  @Access.admin('read')
  @ApiOperation({
    operationId: 'listInvoices',
    summary: 'List invoices',
    description: 'Newest number first (drafts first); filter q (number, client, project), status, clientId, overdue',
  })
  @ApiListQuery('{"overdue":true}')
  @ApiOkResponse({ type: InvoiceSummaryResponse, isArray: true })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply): Promise<InvoiceSummaryResponse[]> {
    const q = parseListQuery(query, INVOICE_SORTS, { field: 'number', order: 'DESC' });
    const { rows, total } = await this.reads.list(q, await this.billing.today());
    return sendList(res, 'invoices', q, rows, total);
  }

  @Get('my/invoices')
  @Access.client('read')
  @ApiOperation({
    operationId: 'listMyInvoices',
    summary: 'List my invoices',
    description: "The signed-in client's invoices, newest first (no drafts)",
  })
  @ApiOkResponse({ type: InvoiceSummaryResponse, isArray: true })
  async mine(@CurrentUser() viewer: SignedInAccount): Promise<InvoiceSummaryResponse[]> {
    return this.reads.ofClient(viewer.id, await this.billing.today());
  }

  @Get('invoices/:id')
  @Access.client('read')
  @ApiOperation({
    operationId: 'getInvoice',
    summary: 'Get an invoice',
    description: 'Lines, schedule, payments and reminders sent (the admin, or the invoice’s client: another client’s is 404)',
  })
  @ApiOkResponse({ type: InvoiceDetailResponse })
  detail(@Param('id', IdPipe) id: number, @CurrentUser() viewer: SignedInAccount): Promise<InvoiceDetailResponse> {
    return this.invoices.detail(viewer, id);
  }

  @Get('invoices/:id/pdf')
  @Access.client('read')
  @ApiOperation({
    operationId: 'downloadInvoice',
    summary: 'Download an invoice',
    description: 'The invoice as a PDF (the admin or its client)',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The invoice, as an attachment named invoice-INV-000123.pdf',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  async pdf(@Param('id', IdPipe) id: number, @CurrentUser() viewer: SignedInAccount, @Res() res: FastifyReply): Promise<void> {
    const { fileName, pdf } = await this.documents.pdfFor(viewer, id);
    await res
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Access-Control-Expose-Headers', 'Content-Disposition')
      .send(pdf);
  }

  @Patch('invoices/:id')
  @Access.admin('write')
  @Idempotent()
  @ApiOperation({
    operationId: 'updateInvoice',
    summary: 'Change an invoice',
    description: "The studio's custom lines and discount; refused on a paid invoice (a credit note or a refund changes it)",
  })
  @ApiBody({ type: InvoicePatchRequest })
  @ApiOkResponse({ type: InvoiceDetailResponse })
  update(@Param('id', IdPipe) id: number, @Body() body: unknown): Promise<InvoiceDetailResponse> {
    return this.invoices.update(id, readPatch(body));
  }

  @Put('invoices/:id/schedule')
  @Access.admin('write')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'setInvoiceSchedule',
    summary: 'Set the payment schedule',
    description:
      'Up to 12 installments by amount or percent, due dates in order, summing exactly to the total (the last takes the rounding)',
  })
  @ApiBody({ type: ScheduleItemRequest, isArray: true })
  @ApiOkResponse({ type: InvoiceDetailResponse })
  schedule(@Param('id', IdPipe) id: number, @Body() body: unknown): Promise<InvoiceDetailResponse> {
    return this.invoices.setSchedule(id, readSchedule(body));
  }

  @Post('invoices/:id/send')
  @Access.admin('write')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'sendInvoice',
    summary: 'Send an invoice',
    description: "E-mails the invoice to its client with its PDF attached ('Send invoice'); 409 for a draft or a void invoice",
  })
  @ApiOkResponse({ type: InvoiceSentResponse })
  send(@Param('id', IdPipe) id: number, @CurrentUser() admin: SignedInAccount): Promise<InvoiceSentResponse> {
    return this.sender.send(id, { id: admin.id });
  }
}
