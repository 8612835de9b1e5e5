import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags, ApiNotFoundResponse } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import type { User } from '../../../clients';
import { CardPayments } from '../../../payments';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { IdField } from '../../../../shared/http/id-field';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { projectNotFound } from '../../domain/projects.errors';
import { ProjectQueries } from '../persistence/project.queries';
import { ProjectResponse } from './dto/project.response';

class ProjectIdRequest {
  @IdField('Project not found')
  projectId: number;
}

class ConfirmPaymentRequest extends ProjectIdRequest {
  @ApiProperty({ example: 'pi_3Nx…' })
  @IsString({ message: 'paymentIntentId is required' })
  @MaxLength(255, { message: 'paymentIntentId is too long' })
  @Matches(/^pi_[A-Za-z0-9_]+$/, { message: 'paymentIntentId must be a PaymentIntent id (pi_…)' })
  paymentIntentId: string;
}

class RemainingBalanceResponse {
  @ApiProperty({ example: 399.5, description: 'Dollars' }) unpaidAmount: number;
}

class PaymentIntentResponse {
  @ApiProperty({ example: 'pi_3Nx…_secret_…' }) clientSecret: string;
  @ApiProperty({ example: 399.5, description: 'Dollars' }) amount: number;
  @ApiProperty({ example: 'pi_3Nx…' }) paymentIntentId: string;
}

class ConfirmPaymentResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: ProjectResponse }) project: ProjectResponse;
}

/** A client paying their project by card (CONTRACT §3); the rules live in the payments module. */
@ApiTags('payments')
@ApiCookieAuth()
@Controller()
@UseGuards(SignedInGuard)
export class ProjectPaymentsController {
  constructor(
    private readonly cards: CardPayments,
    private readonly queries: ProjectQueries,
  ) {}

  @Get('project-remaining-balance/:projectId')
  @ApiOperation({
    operationId: 'getRemainingBalance',
    summary: 'Get the remaining balance',
    description: 'What is still owed on a project (the owner or an admin)',
  })
  @ApiOkResponse({ type: RemainingBalanceResponse })
  async remaining(@Param('projectId', IdPipe) projectId: number, @CurrentUser() user: User): Promise<RemainingBalanceResponse> {
    return { unpaidAmount: (await this.cards.remainingBalance(user, projectId)).dollars };
  }

  @Post('create-payment-intent')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createPaymentIntent',
    summary: 'Start a card payment',
    description: 'Start a card payment of the unpaid remainder (the owner only)',
  })
  @ApiNotFoundResponse({ description: "No such project, or another client's (`PROJECTS.NOT_FOUND`, `ACCESS.NOT_FOUND`)" })
  @ApiOkResponse({ type: PaymentIntentResponse })
  async createIntent(@Body() body: ProjectIdRequest, @CurrentUser() user: User): Promise<PaymentIntentResponse> {
    const intent = await this.cards.createIntent(user, body.projectId);
    return { clientSecret: intent.clientSecret, amount: intent.amount.dollars, paymentIntentId: intent.paymentIntentId };
  }

  @Post('confirm-payment')
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
