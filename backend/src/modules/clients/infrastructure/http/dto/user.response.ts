import { ApiProperty } from '@nestjs/swagger';

/** A user as every response shows it: never a password hash, reset code or token. */
export class UserResponse {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'Ann Lee' }) username: string;
  @ApiProperty({ example: 'ann@example.com' }) email: string;
  @ApiProperty({ example: 'Lee Interiors', nullable: true, type: String }) company: string | null;
  @ApiProperty({ enum: ['client', 'admin'], example: 'client' }) role: 'client' | 'admin';
  @ApiProperty({ example: '2026-01-05T15:04:00.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ example: true, description: 'The address was proven (a verification link, an invitation, or created by the admin)' })
  emailVerified: boolean;
  @ApiProperty({ example: false, description: 'Sign-in asks for a code from an authenticator app too' })
  twoFactorEnabled: boolean;
}

export class SuccessResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: 'Done' }) message: string;
}

export class EndSessionsResponse extends SuccessResponse {
  @ApiProperty({ example: 2, description: 'How many sessions ended' }) ended: number;
}
