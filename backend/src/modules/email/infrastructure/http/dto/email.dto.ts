import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
} from 'class-validator';
import { EmailField, VisibleCharactersOnly } from '../../../../../shared/http/account-fields';
import { EmptyAsUndefined, Trim } from '../../../../../shared/http/transforms';

const NEEDS_RECIPIENT = 'At least one recipient is required when not sending to all clients';

/** Spec §5: without 'Send to all clients', the list needs at least one address. */
function RecipientUnlessSendToAll(): PropertyDecorator {
  return ValidateBy({
    name: 'recipientUnlessSendToAll',
    validator: {
      validate: (value: unknown, args) =>
        (args?.object as { sendToAll?: unknown }).sendToAll === true || (Array.isArray(value) && value.length > 0),
      defaultMessage: () => NEEDS_RECIPIENT,
    },
  });
}

export class TestEmailRequest {
  @EmailField()
  email: string;

  @ApiProperty({ enum: ['welcome', 'project'] })
  @IsIn(['welcome', 'project'], { message: 'Type must be welcome or project' })
  type: 'welcome' | 'project';
}

export class InvitationRequest {
  @EmailField()
  email: string;

  @ApiProperty({ example: 'Ann Lee', minLength: 2, maxLength: 200 })
  @Trim()
  @IsString({ message: 'Client name must be at least 2 characters' })
  @MinLength(2, { message: 'Client name must be at least 2 characters' })
  @MaxLength(200, { message: 'Client name must be at most 200 characters' })
  clientName: string;

  @ApiPropertyOptional({ example: 'Looking forward to our shoot on Friday!', maxLength: 2000 })
  @EmptyAsUndefined()
  @IsOptional()
  @IsString({ message: 'Custom message must be text' })
  @MaxLength(2000, { message: 'Custom message must be at most 2000 characters' })
  customMessage?: string;
}

export class CustomEmailRequest {
  @ApiProperty({
    type: [String],
    example: ['ann@example.com'],
    maxItems: 500,
    description: 'Ignored duplicates; with sendToAll, added to every client',
  })
  @Transform(({ value }) =>
    value === undefined || value === null ? [] : Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)) : value,
  )
  @IsArray({ message: 'Recipients must be a list of email addresses' })
  @RecipientUnlessSendToAll()
  @ArrayMaxSize(500, { message: "At most 500 recipients; use 'Send to all clients' for more" })
  @IsString({ each: true, message: 'Invalid email address' })
  @MaxLength(254, { each: true, message: 'Invalid email address' })
  @IsEmail({}, { each: true, message: 'Invalid email address' })
  @VisibleCharactersOnly({ each: true, message: 'Invalid email address' })
  recipients: string[] = [];

  @ApiProperty({ example: 'Spring mini-sessions are open', maxLength: 200 })
  @Trim()
  @IsString({ message: 'Email subject is required' })
  @MinLength(1, { message: 'Email subject is required' })
  @MaxLength(200, { message: 'Email subject must be at most 200 characters' })
  subject: string;

  @ApiProperty({ example: '<h1>Spring mini-sessions</h1><p>Book your slot…</p>', maxLength: 200000, description: 'Sent as written' })
  @IsString({ message: 'Email content is required' })
  @Matches(/\S/, { message: 'Email content is required' })
  @MaxLength(200_000, { message: 'Email content must be at most 200000 characters' })
  htmlContent: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'Send to all must be true or false' })
  sendToAll: boolean = false;
}

export class EmailActionResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: 'Invitation sent to ann@example.com' }) message: string;
}

export class CustomEmailResponse extends EmailActionResponse {
  @ApiProperty({ example: 12, description: 'How many messages were stored in the outbox' }) queued: number;
}

export class EmailStatusResponse {
  @ApiProperty({ enum: ['connected', 'mock', 'error'] }) status: string;
  @ApiPropertyOptional({ enum: ['no_credentials', 'authentication_failed'] }) reason?: string;
  @ApiPropertyOptional({ example: 'Invalid login: 535 Authentication failed' }) error?: string;
}

export class OutboxItemResponse {
  @ApiProperty({ example: 41 }) id: number;
  @ApiProperty({
    enum: [
      'welcome',
      'password-reset',
      'project-notification',
      'invitation',
      'custom',
      'test',
      'email-changed',
      'email-verification',
      'sign-in-code',
      'receipt',
      'password-known',
      'invoice',
      'invoice-reminder',
    ],
  })
  kind: string;
  @ApiProperty({ example: 'ann@example.com' }) to: string;
  @ApiProperty({ example: 'Welcome to your photography client portal' }) subject: string;
  @ApiProperty({ enum: ['pending', 'sending', 'sent', 'logged', 'failed'] }) status: string;
  @ApiProperty({ example: 1 }) attempts: number;
  @ApiProperty({ nullable: true, type: String }) lastError: string | null;
  @ApiProperty({ nullable: true, type: String, example: '250 OK: queued' }) serverResponse: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) sentAt: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When a pending message is tried next' }) nextAttemptAt:
    string | null;
}

export class OutboxDetailResponse extends OutboxItemResponse {
  @ApiProperty({ nullable: true, type: String, description: 'null for password-reset e-mails' }) html: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'null for password-reset e-mails' }) text: string | null;
}
