import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  ArrayMaxSize,
} from 'class-validator';
import { IsAmount } from '../../../../../shared/http/amount.validator';
import { EmptyAsUndefined } from '../../../../../shared/http/transforms';

/** '' and null become undefined; "12" becomes 12 (the form sends clientId as a string, spec §5). */
const IntFromString = () =>
  Transform(({ value }) =>
    value === '' || value === null ? undefined : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value,
  );

export class SelectedServiceRequest {
  @ApiProperty({ example: 3 })
  @IntFromString()
  @IsInt({ message: 'Service not found' })
  @Min(1, { message: 'Service not found' })
  @Max(2147483647, { message: 'Service not found' })
  serviceId: number;

  @ApiProperty({ example: 1, minimum: 1 })
  @IntFromString()
  @IsInt({ message: 'Quantity must be at least 1' })
  @Min(1, { message: 'Quantity must be at least 1' })
  @Max(10000, { message: 'Quantity must be at most 10000' })
  quantity: number;
}

/** The deposit's format messages; 0 and 'above the price' are the domain's (Project.setDeposit). */
function depositMessage(value: unknown): string {
  if (typeof value !== 'number' && typeof value !== 'string') return 'Deposit must be a number';
  if (/^\s*-/.test(String(value))) return 'Deposit must be more than $0.00';
  return 'Deposit must be an amount in dollars with at most 2 decimals';
}

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

export class ProjectRequest {
  @ApiProperty({ example: 'Harbour Lane listing', maxLength: 200 })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Project name is required' })
  @MaxLength(200, { message: 'Project name must be at most 200 characters' })
  name: string;

  @ApiPropertyOptional({ example: 'Twilight shots of the terrace', maxLength: 2000 })
  @Transform(({ value }) => (value === null || value === undefined ? '' : value))
  @IsString({ message: 'Description must be text' })
  @MaxLength(2000, { message: 'Description must be at most 2000 characters' })
  description: string = '';

  @ApiProperty({ example: 7, description: 'A number or a numeric string' })
  @IntFromString()
  @IsDefined({ message: 'Please select a client for this project' })
  @IsInt({ message: 'Please select a client for this project' })
  @Min(1, { message: 'Please select a client for this project' })
  @Max(2147483647, { message: 'Client not found' })
  clientId: number;

  @ApiPropertyOptional({ example: 'https://images.example.com/harbour.jpg', maxLength: 2048, nullable: true })
  @EmptyAsUndefined()
  @IsOptional()
  @IsString({ message: 'Thumbnail URL must be a web address' })
  @MaxLength(2048, { message: 'Thumbnail URL must be at most 2048 characters' })
  @IsUrl(URL_OPTIONS, { message: 'Thumbnail URL must be a web address starting with http:// or https://' })
  thumbnailUrl?: string;

  @ApiPropertyOptional({ example: 'https://files.example.com/harbour.zip', maxLength: 2048, nullable: true })
  @EmptyAsUndefined()
  @IsOptional()
  @IsString({ message: 'Download Link must be a web address' })
  @MaxLength(2048, { message: 'Download Link must be at most 2048 characters' })
  @IsUrl(URL_OPTIONS, { message: 'Download Link must be a web address starting with http:// or https://' })
  downloadLink?: string;

  @ApiPropertyOptional({ example: 120, default: 0 })
  @Transform(({ value }) =>
    value === '' || value === null || value === undefined
      ? 0
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value)
        : value,
  )
  @IsInt({ message: '# of Photos must be a whole number' })
  @Min(0, { message: '# of Photos must be 0 or more' })
  @Max(1000000, { message: '# of Photos must be at most 1000000' })
  photoCount: number = 0;

  @ApiPropertyOptional({ default: false, description: "'Mark as Already Paid'" })
  @IsOptional()
  @IsBoolean({ message: 'Paid must be true or false' })
  isPaid: boolean = false;

  @ApiPropertyOptional({ oneOf: [{ type: 'number' }, { type: 'string' }], description: 'Used only when there are no service lines' })
  @Transform(({ value }) => (value === '' || value === null || value === undefined ? 0 : value))
  @IsAmount('Price')
  price: number | string = 0;

  @ApiPropertyOptional({
    oneOf: [{ type: 'number', nullable: true }, { type: 'string' }],
    example: 100,
    description:
      "The deposit in dollars (CONTRACT §11): above 0, at most the project's price, 2 decimals at most. null or '' removes it; left out, an edit keeps the project's",
  })
  @Transform(({ value }) => (value === '' ? null : value))
  @IsOptional()
  @IsAmount('Deposit', { message: ({ value }) => depositMessage(value) })
  depositAmount?: number | string | null;

  @ApiPropertyOptional({ type: SelectedServiceRequest, isArray: true })
  @IsOptional()
  @IsArray({ message: 'Services must be a list' })
  @ArrayMaxSize(200, { message: 'A project can have at most 200 services' })
  @ValidateNested({ each: true, message: 'Services must be a list' })
  @Type(() => SelectedServiceRequest)
  selectedServices?: SelectedServiceRequest[];
}

export class MarkPaidRequest {
  @ApiPropertyOptional({ example: 'Paid in cash at the shoot', maxLength: 2000 })
  @EmptyAsUndefined()
  @IsOptional()
  @IsString({ message: 'Note must be text' })
  @MaxLength(2000, { message: 'Note must be at most 2000 characters' })
  note?: string;
}

export class AdminMarkPaidRequest {
  @ApiProperty({ example: 4 })
  @IntFromString()
  @IsInt({ message: 'Project not found' })
  @Min(1, { message: 'Project not found' })
  @Max(2147483647, { message: 'Project not found' })
  projectId: number;

  @ApiPropertyOptional({ example: 'Paid by bank transfer', maxLength: 2000 })
  @EmptyAsUndefined()
  @IsOptional()
  @IsString({ message: 'Note must be text' })
  @MaxLength(2000, { message: 'Note must be at most 2000 characters' })
  paymentNote?: string;
}

export class AddServiceRequest extends SelectedServiceRequest {}
