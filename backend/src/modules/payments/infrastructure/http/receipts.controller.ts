import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { SignedInAccount } from '../../../../shared/auth/request-user';
import { CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { Receipts } from '../../application/receipts/receipts';
import { PaymentQueries } from '../persistence/payment.queries';
import { PaymentResponse } from './dto/payment.response';

/** CONTRACT §11: a completed payment's receipt, for its payer or an admin, and a client's own payments. */
@ApiTags('payments')
@ApiCookieAuth()
@Controller()
@Access.client('read')
export class ReceiptsController {
  constructor(
    private readonly receipts: Receipts,
    private readonly queries: PaymentQueries,
  ) {}

  @Get('payments/:id/receipt.pdf')
  @ApiOperation({
    operationId: 'downloadReceipt',
    summary: 'Download a receipt',
    description:
      'The PDF receipt of a completed payment, numbered R-000123 (the payer or an admin). Another client’s payment, an unknown id ' +
      'and a payment that has not completed answer 404.',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The receipt, as an attachment named receipt-R-000123.pdf',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    headers: { 'Content-Disposition': { description: 'attachment; filename="receipt-R-000123.pdf"', schema: { type: 'string' } } },
  })
  async receipt(@Param('id', IdPipe) id: number, @CurrentUser() viewer: SignedInAccount, @Res() res: FastifyReply): Promise<void> {
    const { fileName, pdf } = await this.receipts.pdfFor(viewer, id);
    await res
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Access-Control-Expose-Headers', 'Content-Disposition')
      .send(pdf);
  }

  @Get('my/payments')
  @ApiOperation({
    operationId: 'listMyPayments',
    summary: 'List my payments',
    description: 'The signed-in client’s own payments, newest first, each with its receipt number once completed',
  })
  @ApiOkResponse({ description: 'The client’s payments', type: PaymentResponse, isArray: true })
  mine(@CurrentUser() viewer: SignedInAccount): Promise<PaymentResponse[]> {
    return this.queries.ofClient(viewer.id);
  }
}
