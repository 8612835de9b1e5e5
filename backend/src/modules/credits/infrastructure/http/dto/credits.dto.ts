import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsAmount } from '../../../../../shared/http/amount.validator';
import { IdField } from '../../../../../shared/http/id-field';

const intFromText = () => Transform(({ value }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value));

export class BundleResponse {
  @ApiProperty({ example: 2 }) id: number;
  @ApiProperty({ example: 'Starter pack' }) name: string;
  @ApiProperty({ example: '10 credits for drone and floor-plan add-ons' }) description: string;
  @ApiProperty({ example: 10 }) creditAmount: number;
  @ApiProperty({ example: 90, description: 'Dollars' }) price: number;
  @ApiProperty({ example: true }) isActive: boolean;
}

export class CreateBundleRequest {
  @ApiProperty({ example: 'Starter pack', maxLength: 200 })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Bundle name is required' })
  @MaxLength(200, { message: 'Bundle name must be at most 200 characters' })
  name: string;

  @ApiPropertyOptional({ example: '', maxLength: 2000 })
  @Transform(({ value }) => (value === null || value === undefined ? '' : value))
  @IsString({ message: 'Description must be text' })
  @MaxLength(2000, { message: 'Description must be at most 2000 characters' })
  description: string = '';

  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }], example: 90, minimum: 1 })
  @IsAmount('Price')
  price: number | string;

  @ApiProperty({ example: 10, minimum: 1 })
  @intFromText()
  @IsInt({ message: 'Credit amount must be at least 1' })
  @Min(1, { message: 'Credit amount must be at least 1' })
  @Max(1_000_000, { message: 'Credit amount must be at most 1000000' })
  creditAmount: number;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'Active must be true or false' })
  isActive: boolean = true;
}

/**
 * A field of a partial update: validated whenever it is present, null included (IsOptional would let a
 * null through to the bundle, whose name, price, amount and state cannot be empty).
 */
const Given = () => ValidateIf((_object, value) => value !== undefined);

export class UpdateBundleRequest {
  @ApiPropertyOptional({ maxLength: 200 })
  @Given()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Bundle name is required' })
  @MaxLength(200, { message: 'Bundle name must be at most 200 characters' })
  name?: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @Transform(({ value }) => (value === null ? '' : value))
  @IsOptional()
  @IsString({ message: 'Description must be text' })
  @MaxLength(2000, { message: 'Description must be at most 2000 characters' })
  description?: string;

  @ApiPropertyOptional({ oneOf: [{ type: 'number' }, { type: 'string' }] })
  @Given()
  @IsAmount('Price')
  price?: number | string;

  @ApiPropertyOptional({ minimum: 1 })
  @Given()
  @intFromText()
  @IsInt({ message: 'Credit amount must be at least 1' })
  @Min(1, { message: 'Credit amount must be at least 1' })
  @Max(1_000_000, { message: 'Credit amount must be at most 1000000' })
  creditAmount?: number;

  @ApiPropertyOptional()
  @Given()
  @IsBoolean({ message: 'Active must be true or false' })
  isActive?: boolean;
}

export class AdjustCreditsRequest {
  @IdField('Client not found', 7)
  userId: number;

  @ApiProperty({ example: 5, minimum: 1 })
  @intFromText()
  @IsInt({ message: 'Amount must be at least 1' })
  @Min(1, { message: 'Amount must be at least 1' })
  @Max(1_000_000, { message: 'Amount must be at most 1000000' })
  amount: number;

  @ApiProperty({ enum: ['add', 'remove'] })
  @IsIn(['add', 'remove'], { message: 'Type must be add or remove' })
  type: 'add' | 'remove';
}

export class CreditTransactionResponse {
  @ApiProperty({ example: 12 }) id: number;
  @ApiProperty({ example: 5, description: 'Positive; the type gives the sign' }) amount: number;
  @ApiProperty({ enum: ['purchase', 'redemption', 'adjustment-add', 'adjustment-remove', 'refund'] }) type: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ nullable: true, type: Number }) bundleId: number | null;
  @ApiProperty({ nullable: true, type: Number }) projectId: number | null;
  @ApiProperty({ format: 'date-time' }) transactionDate: string;
}

export class UserCreditsResponse {
  @ApiProperty({ example: 7 }) userId: number;
  @ApiProperty({ example: 12 }) balance: number;
}

export class AdjustCreditsResponse extends UserCreditsResponse {
  @ApiProperty({ type: CreditTransactionResponse }) transaction: CreditTransactionResponse;
}

export class ClientWithCreditsResponse {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'Ann Lee' }) username: string;
  @ApiProperty({ example: 'ann@example.com' }) email: string;
  @ApiProperty({ example: 12 }) creditBalance: number;
  @ApiProperty({ type: CreditTransactionResponse, isArray: true, description: 'Newest first, the latest 5' })
  transactions: CreditTransactionResponse[];
}

export class CreditProjectResponse {
  @ApiProperty({ example: 4 }) id: number;
  @ApiProperty({ example: 'Harbour Lane listing' }) name: string;
}

export class RedeemCreditsRequest {
  @IdField('Project not found', 4)
  projectId: number;

  @ApiPropertyOptional({ example: 'Credits used on Harbour Lane', maxLength: 2000 })
  @IsOptional()
  @IsString({ message: 'Description must be text' })
  @MaxLength(2000, { message: 'Description must be at most 2000 characters' })
  description?: string;
}

export class RedeemCreditsResponse {
  @ApiProperty({ example: true, description: 'Services remain to be paid in money' }) hasRemainingServices: boolean;
  @ApiProperty({ example: 120, description: 'Dollars still owed in money' }) remainingBalance: number;
  @ApiProperty({ example: 6, description: "The client's credit balance afterwards" }) creditBalance: number;
}

export class ServiceWithCreditsResponse {
  @ApiProperty({ example: 3 }) serviceId: number;
  @ApiProperty({ example: 'Aerial photography' }) name: string;
  @ApiProperty({ example: 150 }) price: number;
  @ApiProperty({ example: 1 }) quantity: number;
  @ApiProperty({ example: true }) creditEligible: boolean;
  @ApiProperty({ example: true, description: 'The same as creditEligible (CONTRACT §4)' }) isEligible: boolean;
  @ApiProperty({ example: 2 }) creditCost: number;
  @ApiProperty({ example: false }) paidWithCredits: boolean;
}

export class CreditPaymentIntentRequest {
  @IdField('Credit bundle not found', 2)
  bundleId: number;

  @ApiPropertyOptional({ oneOf: [{ type: 'number' }, { type: 'string' }], description: "Must equal the bundle's price when given" })
  @Transform(({ value }) => (value === null ? undefined : value))
  @IsOptional()
  @IsAmount('Amount')
  amount?: number | string;
}

export class CreditPaymentIntentResponse {
  @ApiProperty() clientSecret: string;
  @ApiProperty({ example: 90, description: 'Dollars' }) amount: number;
  @ApiProperty({ example: 'pi_3Nx…' }) paymentIntentId: string;
}

export class PurchaseCreditsRequest {
  @IdField('Credit bundle not found', 2)
  bundleId: number;

  @ApiPropertyOptional({
    example: 'pi_3Nx…',
    description: "Without it, this user's latest succeeded, not yet credited intent for the bundle",
  })
  @IsOptional()
  @IsString({ message: 'stripePaymentId must be a PaymentIntent id (pi_…)' })
  @MaxLength(255, { message: 'stripePaymentId is too long' })
  stripePaymentId?: string;
}

export class PurchaseCreditsResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: 10, description: '0 when this payment had already been credited' }) creditsAdded: number;
  @ApiProperty({ example: 14 }) creditBalance: number;
}
