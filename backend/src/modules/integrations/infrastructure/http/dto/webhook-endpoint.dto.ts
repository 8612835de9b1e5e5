import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../../../../shared/http/transforms';
import { WEBHOOK_EVENTS, type WebhookEventType } from '../../../domain/webhook-endpoint';

const EVENTS_MESSAGE = `Events must be a list of: ${WEBHOOK_EVENTS.join(', ')}`;

export class CreateWebhookEndpointRequest {
  @ApiProperty({ example: 'https://hooks.example.com/studio', maxLength: 2048 })
  @Trim()
  @IsString({ message: 'URL is required' })
  @MaxLength(2048, { message: 'URL must be at most 2048 characters' })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, example: ['project.paid', 'payment.succeeded'] })
  @IsArray({ message: EVENTS_MESSAGE })
  @ArrayMinSize(1, { message: 'Choose at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length, { message: EVENTS_MESSAGE })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: EVENTS_MESSAGE })
  events: WebhookEventType[];

  @ApiPropertyOptional({ example: 'Accounting', maxLength: 200, nullable: true, type: String })
  @IsOptional()
  @IsString({ message: 'Description must be text' })
  @MaxLength(200, { message: 'Description must be at most 200 characters' })
  description?: string | null;
}

export class UpdateWebhookEndpointRequest {
  @ApiPropertyOptional({ example: 'https://hooks.example.com/studio', maxLength: 2048 })
  @IsOptional()
  @Trim()
  @IsString({ message: 'URL is required' })
  @MaxLength(2048, { message: 'URL must be at most 2048 characters' })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true })
  @IsOptional()
  @IsArray({ message: EVENTS_MESSAGE })
  @ArrayMinSize(1, { message: 'Choose at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length, { message: EVENTS_MESSAGE })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: EVENTS_MESSAGE })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: 200, nullable: true, type: String })
  @IsOptional()
  @IsString({ message: 'Description must be text' })
  @MaxLength(200, { message: 'Description must be at most 200 characters' })
  description?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'Enabled must be true or false' })
  enabled?: boolean;
}

export class WebhookEndpointResponse {
  @ApiProperty({ example: 2 }) id: number;
  @ApiProperty({ example: 'https://hooks.example.com/studio' }) url: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true }) events: WebhookEventType[];
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class CreatedWebhookEndpointResponse extends WebhookEndpointResponse {
  @ApiProperty({ example: 'whsec_…', description: 'The signing secret: in this answer only' }) secret: string;
}

export class WebhookDeliveryResponse {
  @ApiProperty({ example: 42 }) id: number;
  @ApiProperty({ example: 'evt_3q2Xw9Zb7cJ0mKpLr5sT1A', description: 'The event id, as in the Studio-Event-Id header' })
  eventId: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, example: 'project.paid' }) type: WebhookEventType;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] }) status: 'pending' | 'succeeded' | 'failed';
  @ApiProperty({ example: 1, description: 'Tries made so far' }) attempts: number;
  @ApiProperty({ nullable: true, type: Number, example: 200, description: "The receiver's status code on the last try" })
  lastStatusCode: number | null;
  @ApiProperty({ nullable: true, type: String, example: null, description: 'Why the last try failed' }) lastError: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date-time',
    description: 'When the next try is due; null once succeeded or failed',
  })
  nextAttemptAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/*
 * The events as sent to an endpoint (CONTRACT §9), for the OpenAPI description's callbacks on
 * createWebhookEndpoint: `{id, type, createdAt, data}` with `data` the object as the API shows it.
 */
const ref = (schema: string) => ({ allOf: [{ $ref: `#/components/schemas/${schema}` }] });

abstract class WebhookEventEnvelope {
  @ApiProperty({ example: 'evt_3q2Xw9Zb7cJ0mKpLr5sT1A', description: 'The same on every try: de-duplicate by it' }) id: string;
  @ApiProperty({ format: 'date-time', description: 'When the change happened' }) createdAt: string;
}

export class ClientCreatedEvent extends WebhookEventEnvelope {
  @ApiProperty({ enum: ['client.created'] }) type: 'client.created';
  @ApiProperty({ ...ref('UserResponse'), description: 'The client, as GET /api/clients/{id} shows it' }) data: object;
}

export class ProjectEvent extends WebhookEventEnvelope {
  @ApiProperty({ enum: ['project.created', 'project.paid'] }) type: 'project.created' | 'project.paid';
  @ApiProperty({ ...ref('ProjectResponse'), description: 'The project, as GET /api/projects/{id} shows it to the admin' }) data: object;
}

export class PaymentEvent extends WebhookEventEnvelope {
  @ApiProperty({ enum: ['payment.succeeded', 'payment.refunded'] }) type: 'payment.succeeded' | 'payment.refunded';
  @ApiProperty({ ...ref('PaymentResponse'), description: 'The payment, as a row of GET /api/payments' }) data: object;
}

export class CreditsEventData {
  @ApiProperty({ example: 7 }) userId: number;
  @ApiProperty({ example: 8, description: "The client's credit balance after the entry" }) balance: number;
  @ApiProperty({ ...ref('CreditTransactionResponse'), description: 'The ledger entry' }) transaction: object;
}

export class CreditsEvent extends WebhookEventEnvelope {
  @ApiProperty({ enum: ['credits.purchased', 'credits.redeemed'] }) type: 'credits.purchased' | 'credits.redeemed';
  @ApiProperty({ type: CreditsEventData }) data: CreditsEventData;
}

export class InvoiceEvent extends WebhookEventEnvelope {
  @ApiProperty({ enum: ['invoice.sent', 'invoice.paid', 'invoice.overdue'] }) type: 'invoice.sent' | 'invoice.paid' | 'invoice.overdue';
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'The invoice, as a row of GET /api/invoices shows it: {id, number, projectId, projectName, clientId, clientName, issuedAt, status, ' +
      'currency, subtotal, discount, tax, total, paid, refunded, due, nextDueDate, overdue, overdueAmount}',
  })
  data: object;
}

class PingEndpoint {
  @ApiProperty({ example: 3 }) id: number;
  @ApiProperty({ example: 'https://hooks.example.com/studio' }) url: string;
  @ApiProperty({ nullable: true, type: String, example: 'Accounting' }) description: string | null;
}

export class PingEventData {
  @ApiProperty({ example: 'A test event from the studio portal' }) message: string;
  @ApiProperty({ type: PingEndpoint }) endpoint: PingEndpoint;
}

export class PingEvent extends WebhookEventEnvelope {
  @ApiProperty({ enum: ['ping'] }) type: 'ping';
  @ApiProperty({ type: PingEventData }) data: PingEventData;
}
