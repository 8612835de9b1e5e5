import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsAmount } from '../../../../../shared/http/amount.validator';
import { Trim } from '../../../../../shared/http/transforms';

export class ServiceRequest {
  @ApiProperty({ example: 'Aerial photography', minLength: 3, maxLength: 200 })
  @Trim()
  @IsString({ message: 'Service name must be at least 3 characters' })
  @MaxLength(200, { message: 'Service name must be at most 200 characters' })
  name: string;

  @ApiPropertyOptional({ example: 'Drone shots of the property and its surroundings', maxLength: 2000 })
  @Transform(({ value }) => (value === null || value === undefined ? '' : typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Description must be text' })
  @MaxLength(2000, { message: 'Description must be at most 2000 characters' })
  description: string = '';

  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }], example: 150, description: 'Dollars, at most 2 decimals' })
  @IsAmount('Price')
  price: number | string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'Standard Service must be true or false' })
  isStandard: boolean = true;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'Credit Eligible must be true or false' })
  creditEligible: boolean = false;

  @ApiPropertyOptional({ default: 1, minimum: 1, description: 'Credits per unit; empty means 1' })
  @Transform(({ value }) =>
    value === '' || value === null || value === undefined ? 1 : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
  )
  @IsInt({ message: 'Credit cost must be a whole number' })
  @Min(1, { message: 'Credit cost must be at least 1' })
  @Max(1_000_000, { message: 'Credit cost must be at most 1000000' })
  creditCost: number = 1;
}
