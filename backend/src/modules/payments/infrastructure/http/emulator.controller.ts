import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { User } from '../../../clients';
import { CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import { asStripeObject, EmulatorPaymentGateway } from '../gateway/emulator-payment-gateway';

class EmulatorConfirmRequest {
  @ApiProperty({
    enum: ['pm_card_visa', 'pm_card_chargeDeclined', 'pm_card_refundFail'],
    description: 'pm_card_visa succeeds; pm_card_chargeDeclined is declined; pm_card_refundFail succeeds, but its refunds fail',
  })
  @IsIn(['pm_card_visa', 'pm_card_chargeDeclined', 'pm_card_refundFail'], {
    message: 'Use pm_card_visa, pm_card_chargeDeclined or pm_card_refundFail',
  })
  payment_method: string;
}

class EmulatedPaymentError {
  @ApiProperty({ example: 'Your card was declined.' }) message: string;
  @ApiProperty({ required: false, example: 'card_declined' }) code?: string;
  @ApiProperty({ required: false, example: 'generic_decline' }) decline_code?: string;
}

class EmulatedIntentResponse {
  @ApiProperty({ example: 'pi_3Nx…' }) id: string;
  @ApiProperty({ example: 'payment_intent' }) object: string;
  @ApiProperty({ example: 39950, description: 'Cents' }) amount: number;
  @ApiProperty({ example: 'usd' }) currency: string;
  @ApiProperty({ example: 'succeeded' }) status: string;
  @ApiProperty() client_secret: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) metadata: Record<string, string>;
  @ApiProperty({ type: EmulatedPaymentError, nullable: true, description: 'Set after a decline' })
  last_payment_error: EmulatedPaymentError | null;
}

/** CONTRACT §3: the test-card step of the payment emulator. Registered only when STRIPE_SECRET_KEY is unset. */
@ApiTags('payment emulator')
@ApiCookieAuth()
@Controller('payment-emulator')
@Access.client()
export class PaymentEmulatorController {
  constructor(private readonly emulator: EmulatorPaymentGateway) {}

  @Post('payment_intents/:id/confirm')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'confirmEmulatedPayment',
    summary: 'Confirm an emulated payment',
    description: 'Confirm an emulated PaymentIntent with a test payment method (the owner only)',
  })
  @ApiOkResponse({ type: EmulatedIntentResponse })
  async confirm(@Param('id') id: string, @Body() body: EmulatorConfirmRequest, @CurrentUser() user: User): Promise<EmulatedIntentResponse> {
    return asStripeObject(await this.emulator.confirm(id.slice(0, 100), body.payment_method, user.id));
  }
}
