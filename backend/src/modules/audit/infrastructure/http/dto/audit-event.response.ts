import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_ACTIONS } from '../../../../../shared/audit/audit-trail';

/** One event of the activity log (CONTRACT §8). */
export class AuditEventResponse {
  @ApiProperty({ example: 1042 }) id: number;
  @ApiProperty({ example: '2026-11-21T15:04:00.000Z', format: 'date-time' }) at: string;
  @ApiProperty({
    example: 1,
    nullable: true,
    type: Number,
    description: 'The signed-in account; null for a visitor, the card provider or the system',
  })
  actorId: number | null;
  @ApiProperty({ example: 'owner@studio.test', nullable: true, type: String, description: 'Kept even after the account is deleted' })
  actorEmail: string | null;
  @ApiProperty({ enum: AUDIT_ACTIONS, example: 'project.created' }) action: string;
  @ApiProperty({ example: 'project', nullable: true, type: String }) targetType: string | null;
  @ApiProperty({ example: '42', nullable: true, type: String }) targetId: string | null;
  @ApiProperty({ example: 'Created project "Wedding" for Ana Lee ($1,200.00)' }) summary: string;
  @ApiProperty({ example: '203.0.113.9', nullable: true, type: String }) ip: string | null;
  @ApiProperty({
    example: 'token:3 Accounting sync',
    nullable: true,
    type: String,
    description: "How the actor acted when not signed in: `token:<id> <name>` for an API token of theirs; null for the actor's session",
  })
  via: string | null;
}
