import { ApiPropertyOptional } from '@nestjs/swagger';
import { STUDIO_CHANGE_FIELDS } from '../../../domain/studio-rules';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * PATCH /api/studio: any of the settings (CONTRACT §13). The shape is checked here; the rules (a
 * currency with cents, AA contrast, 3 decimals, −30…60 …) are the domain's (studio-rules.ts), which
 * names each bad field in `errors`. A field this class does not list is refused (400), not ignored.
 */
export class StudioPatchRequest {
  @ApiPropertyOptional({ example: 'Harbour Light Photography', maxLength: 100 })
  @IsOptional()
  @IsString({ message: 'Studio name is required' })
  @MaxLength(1000, { message: 'Studio name must be at most 100 characters' })
  name?: string;

  @ApiPropertyOptional({ example: '#0f766e', description: "'#rrggbb' or '#rgb'; white text on it must reach 4.5:1 (WCAG AA)" })
  @IsOptional()
  @IsString({ message: 'Accent colour must be a colour like #0f766e' })
  @MaxLength(20, { message: 'Accent colour must be a colour like #0f766e' })
  accentColor?: string;

  @ApiPropertyOptional({ example: 'hello@harbourlight.example', description: "'' for none" })
  @IsOptional()
  @IsString({ message: 'E-mail must be text' })
  @MaxLength(1000, { message: 'E-mail must be at most 254 characters' })
  email?: string;

  @ApiPropertyOptional({ example: '+353 1 555 0100' })
  @IsOptional()
  @IsString({ message: 'Phone must be text' })
  @MaxLength(1000, { message: 'Phone must be at most 40 characters' })
  phone?: string;

  @ApiPropertyOptional({ example: '12 Quay Street, Galway' })
  @IsOptional()
  @IsString({ message: 'Address must be text' })
  @MaxLength(5000, { message: 'Address must be at most 500 characters' })
  address?: string;

  @ApiPropertyOptional({ example: 'https://harbourlight.example', description: "http(s) URL or ''" })
  @IsOptional()
  @IsString({ message: 'Website must be text' })
  @MaxLength(5000, { message: 'Website must be at most 500 characters' })
  website?: string;

  @ApiPropertyOptional({ example: 'EUR', description: 'ISO 4217, a currency with cents; fixed once a payment is recorded (409)' })
  @IsOptional()
  @IsString({ message: 'Currency must be an ISO 4217 code such as USD, EUR or GBP' })
  @MaxLength(10, { message: 'Currency must be an ISO 4217 code such as USD, EUR or GBP' })
  currency?: string;

  @ApiPropertyOptional({ example: 'Europe/Dublin', description: 'IANA time zone' })
  @IsOptional()
  @IsString({ message: 'Time zone must be one such as Europe/Dublin or America/New_York' })
  @MaxLength(100, { message: 'Time zone must be one such as Europe/Dublin or America/New_York' })
  timeZone?: string;

  @ApiPropertyOptional({ example: 'en-IE', description: 'BCP 47 language tag: how money and dates are written' })
  @IsOptional()
  @IsString({ message: 'Locale must be a language tag such as en-US, en-IE or de-DE' })
  @MaxLength(100, { message: 'Locale must be a language tag such as en-US, en-IE or de-DE' })
  locale?: string;

  @ApiPropertyOptional({ example: 23, minimum: 0, maximum: 30, description: 'Percent, at most 3 decimals' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Tax rate must be a number between 0 and 30' })
  taxRate?: number;

  @ApiPropertyOptional({ example: 'VAT', maxLength: 40 })
  @IsOptional()
  @IsString({ message: 'Tax name must be text' })
  @MaxLength(1000, { message: 'Tax name must be at most 40 characters' })
  taxName?: string;

  @ApiPropertyOptional({ example: true, description: 'Prices include tax' })
  @IsOptional()
  @IsBoolean({ message: 'Prices include tax must be true or false' })
  taxInclusive?: boolean;

  @ApiPropertyOptional({ example: 'Payment is due within 14 days.', maxLength: 2000 })
  @IsOptional()
  @IsString({ message: 'Invoice terms must be text' })
  @MaxLength(20000, { message: 'Invoice terms must be at most 2000 characters' })
  invoiceTerms?: string;

  @ApiPropertyOptional({ example: 14, minimum: 0, maximum: 90 })
  @IsOptional()
  @IsInt({ message: 'Payment due days must be a whole number between 0 and 90' })
  paymentDueDays?: number;

  @ApiPropertyOptional({ example: [-3, 0, 7], type: [Number], description: 'Days from the due date, −30…60, at most 10' })
  @IsOptional()
  @IsArray({ message: 'Reminder days must be whole numbers of days' })
  @ArrayMaxSize(100, { message: 'At most 10 reminder days' })
  @IsInt({ each: true, message: 'Reminder days must be whole numbers of days' })
  reminderDays?: number[];

  @ApiPropertyOptional({ example: 'Harbour Light Photography', description: "The e-mails' sender name; '' for the studio's name" })
  @IsOptional()
  @IsString({ message: 'Sender name must be text' })
  @MaxLength(1000, { message: 'Sender name must be at most 100 characters' })
  emailFromName?: string;

  @ApiPropertyOptional({ example: 'hello@harbourlight.example', description: "The e-mails' Reply-To; '' for none" })
  @IsOptional()
  @IsString({ message: 'Reply-to address must be text' })
  @MaxLength(1000, { message: 'Reply-to address must be at most 254 characters' })
  replyTo?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'https://harbourlight.example/book',
    description: "The booking page; null or '' for BOOKING_URL (the server's default)",
  })
  @IsOptional()
  @IsString({ message: 'Booking URL must be a web address starting with https:// or http://' })
  @MaxLength(5000, { message: 'Booking URL must be at most 500 characters' })
  bookingUrl?: string | null;
}

/** The names PATCH /api/studio takes: the domain's list of settings. */
export const STUDIO_PATCH_FIELDS: ReadonlySet<string> = new Set<string>(STUDIO_CHANGE_FIELDS);
