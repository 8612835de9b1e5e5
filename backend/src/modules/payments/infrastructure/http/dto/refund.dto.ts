import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsAmount } from '../../../../../shared/http/amount.validator';
import { REFUND_REASON_MAX } from '../../../domain/refund';
import type { RefundRecord } from '../../../application/ports/refund.repository';

export class CreateRefundRequest {
  @ApiPropertyOptional({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 50,
    description: 'Dollars, at most 2 decimals, above 0 and not above what is still refundable; all of that when absent',
  })
  @IsOptional()
  @IsAmount('Amount')
  amount?: number | string;

  @ApiProperty({ example: 'Session cancelled by the studio', maxLength: REFUND_REASON_MAX })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Reason is required' })
  @MinLength(1, { message: 'Reason is required' })
  @MaxLength(REFUND_REASON_MAX, { message: `Reason must be at most ${REFUND_REASON_MAX} characters` })
  reason: string;
}

export class RefundResponse {
  @ApiProperty({ example: 3 }) id: number;
  @ApiProperty({ example: 12 }) paymentId: number;
  @ApiProperty({ example: 50, description: 'Dollars' }) amount: number;
  @ApiProperty({ example: 'Session cancelled by the studio' }) reason: string;
  @ApiProperty({
    enum: ['succeeded', 'pending', 'failed'],
    description:
      'succeeded, or pending while the card provider completes it; a refund the provider refuses when asked is not recorded (400 PAYMENTS.REFUND_FAILED)',
  })
  status: 'succeeded' | 'pending' | 'failed';
  @ApiProperty({
    example: 're_3Pq…',
    nullable: true,
    type: String,
    description: "The card provider's refund id; null for a manual payment",
  })
  providerRefundId: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;

  static of(r: RefundRecord): RefundResponse {
    return {
      id: r.id,
      paymentId: r.paymentId,
      amount: r.amount.dollars,
      reason: r.reason,
      status: r.status,
      providerRefundId: r.providerRefundId,
      createdAt: r.createdAt.toISOString(),
    };
  }
}
