import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { SignedInAccount } from '../../../../shared/auth/request-user';
import { CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import { Money } from '../../../../shared/domain/money';
import { Idempotent } from '../../../../shared/http/idempotency';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { Refunds } from '../../application/refunds/refunds';
import { paymentNotFound } from '../../domain/refund';
import { PaymentQueries } from '../persistence/payment.queries';
import { CreateRefundRequest, RefundResponse } from './dto/refund.dto';

/** CONTRACT §11: the studio refunds a payment, whole or in part, from Payment History. */
@ApiTags('payments')
@ApiCookieAuth()
@Controller()
@Access.admin('write')
export class RefundsController {
  constructor(
    private readonly refunds: Refunds,
    private readonly queries: PaymentQueries,
  ) {}

  @Post('payments/:id/refunds')
  @Idempotent()
  @ApiOperation({
    operationId: 'createRefund',
    summary: 'Refund a payment',
    description:
      'Refunds `amount` (default: all that is still refundable) of a completed payment: a card payment through the card provider, a ' +
      'manual one as a manual refund. The payment then shows `refundedAmount` and status `partially_refunded` or `refunded`; its ' +
      'project owes the refund again. A credit bundle purchase is refunded whole and takes its credits back.',
  })
  @ApiCreatedResponse({ type: RefundResponse })
  @ApiBadRequestResponse({
    description:
      'the payment is pending or failed (`PAYMENTS.NOT_REFUNDABLE`) or already refunded in full (`PAYMENTS.ALREADY_REFUNDED`); the ' +
      'amount is 0 (`PAYMENTS.BAD_REFUND_AMOUNT`), above what is refundable (`PAYMENTS.REFUND_ABOVE_REFUNDABLE`) or part of a bundle ' +
      '(`PAYMENTS.PARTIAL_BUNDLE_REFUND`); the client has fewer credits than the bundle gave (`CREDITS.BALANCE_BELOW_REFUND`); the ' +
      'card provider refused the refund (`PAYMENTS.REFUND_FAILED`). Nothing is recorded.',
  })
  @ApiNotFoundResponse({ description: 'No such payment (`PAYMENTS.NOT_FOUND`)' })
  async create(
    @Param('id', IdPipe) id: number,
    @Body() body: CreateRefundRequest,
    @CurrentUser() admin: SignedInAccount,
  ): Promise<RefundResponse> {
    const amount = body.amount === undefined || body.amount === null ? undefined : Money.fromDollars(body.amount, 'amount');
    return RefundResponse.of(await this.refunds.refund(id, { amount, reason: body.reason, adminId: admin.id }));
  }

  @Get('payments/:id/refunds')
  @Access.admin('read')
  @ApiOperation({ operationId: 'listRefunds', summary: 'List the refunds of a payment', description: 'Oldest first' })
  @ApiOkResponse({ type: RefundResponse, isArray: true })
  @ApiNotFoundResponse({ description: 'No such payment (`PAYMENTS.NOT_FOUND`)' })
  async list(@Param('id', IdPipe) id: number): Promise<RefundResponse[]> {
    if (!(await this.queries.one(id))) throw paymentNotFound();
    return (await this.refunds.list(id)).map(RefundResponse.of);
  }
}
