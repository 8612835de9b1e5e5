import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
  ApiNotFoundResponse,
} from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { User } from '../../../clients';
import { CardPayments, PAYMENT_PARTS, PAYMENT_REQUESTS, type PaymentPart, type PaymentRequest } from '../../../payments';
import { CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import { IdField } from '../../../../shared/http/id-field';
import { Idempotent } from '../../../../shared/http/idempotency';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { projectNotFound } from '../../domain/projects.errors';
import { ProjectQueries } from '../persistence/project.queries';
import { ProjectResponse } from './dto/project.response';

class ProjectIdRequest {
  @IdField('Project not found')
  projectId: number;
}

class PaymentIntentRequest extends ProjectIdRequest {
  @ApiPropertyOptional({
    enum: PAYMENT_REQUESTS,
    description:
      "What to pay (CONTRACT §14): 'next' the next installment still owed, 'deposit' the first installment of a deposit-and-balance schedule, 'balance' everything still owed. Left out: the next installment",
  })
  @IsOptional()
  @IsIn(PAYMENT_REQUESTS, { message: "Part must be 'next', 'deposit' or 'balance'" })
  part?: PaymentRequest;
}

class ConfirmPaymentRequest extends ProjectIdRequest {
  @ApiProperty({ example: 'pi_3Nx…' })
  @IsString({ message: 'paymentIntentId is required' })
  @MaxLength(255, { message: 'paymentIntentId is too long' })
  @Matches(/^pi_[A-Za-z0-9_]+$/, { message: 'paymentIntentId must be a PaymentIntent id (pi_…)' })
  paymentIntentId: string;
}

class RemainingBalanceResponse {
  @ApiProperty({ example: 399.5, description: 'Everything still owed, dollars' }) unpaidAmount: number;
  @ApiProperty({
    example: 100,
    nullable: true,
    type: Number,
    description:
      "The deposit 'Pay Deposit' pays now, dollars; null when there is none or something is paid (then the balance is unpaidAmount)",
  })
  depositDue: number | null;
}

class PaymentIntentResponse {
  @ApiProperty({ example: 'pi_3Nx…_secret_…' }) clientSecret: string;
  @ApiProperty({ example: 399.5, description: 'Dollars' }) amount: number;
  @ApiProperty({ example: 'pi_3Nx…' }) paymentIntentId: string;
  @ApiProperty({ enum: PAYMENT_PARTS, example: 'balance', description: 'The part this payment pays' }) part: PaymentPart;
}

class ConfirmPaymentResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: ProjectResponse }) project: ProjectResponse;
}

/** A client paying their project by card (CONTRACT §3); the rules live in the payments module. */
@ApiTags('payments')
@ApiCookieAuth()
@Controller()
export class ProjectPaymentsController {
  constructor(
    private readonly cards: CardPayments,
    private readonly queries: ProjectQueries,
  ) {}

  @Get('project-remaining-balance/:projectId')
  @Access.client('read')
  @ApiOperation({
    operationId: 'getRemainingBalance',
    summary: 'Get the remaining balance',
    description: 'What is still owed on a project (the owner or an admin)',
  })
  @ApiOkResponse({ type: RemainingBalanceResponse })
  async remaining(@Param('projectId', IdPipe) projectId: number, @CurrentUser() user: User): Promise<RemainingBalanceResponse> {
    const { unpaid, depositDue } = await this.cards.remainingBalance(user, projectId);
    return { unpaidAmount: unpaid.dollars, depositDue: depositDue?.dollars ?? null };
  }

  @Post('create-payment-intent')
  @Access.client()
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createPaymentIntent',
    summary: 'Start a card payment',
    description:
      'Start a card payment (the owner only) of the next installment, the deposit or everything owed (CONTRACT §14); the amount is computed by billing',
  })
  @ApiBadRequestResponse({
    description:
      "Nothing is due (`PAYMENTS.NOTHING_DUE`), the project has no deposit (`PAYMENTS.NO_DEPOSIT`), or a 'deposit' when something is already paid (`PAYMENTS.DEPOSIT_ALREADY_PAID`)",
  })
  @ApiNotFoundResponse({ description: "No such project, or another client's (`PROJECTS.NOT_FOUND`, `ACCESS.NOT_FOUND`)" })
  @ApiOkResponse({ type: PaymentIntentResponse })
  async createIntent(@Body() body: PaymentIntentRequest, @CurrentUser() user: User): Promise<PaymentIntentResponse> {
    const intent = await this.cards.createIntent(user, body.projectId, body.part);
    return { clientSecret: intent.clientSecret, amount: intent.amount.dollars, paymentIntentId: intent.paymentIntentId, part: intent.part };
  }

  @Post('confirm-payment')
  @Access.client()
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'confirmPayment',
    summary: 'Confirm a card payment',
    description: 'Record a card payment after the server has checked it with the provider',
  })
  @ApiNotFoundResponse({ description: "No such project, or another client's (`PROJECTS.NOT_FOUND`, `ACCESS.NOT_FOUND`)" })
  @ApiOkResponse({ type: ConfirmPaymentResponse })
  async confirm(@Body() body: ConfirmPaymentRequest, @CurrentUser() user: User): Promise<ConfirmPaymentResponse> {
    const projectId = await this.cards.confirm(user, body.projectId, body.paymentIntentId);
    const project = await this.queries.one(projectId, user);
    if (!project) throw projectNotFound();
    return { success: true, project };
  }
}
