import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Trim } from '../../../../../shared/http/transforms';
import { TOKEN_SCOPES, type TokenScope } from '../../../domain/api-token';

export class CreateApiTokenRequest {
  @ApiProperty({ example: 'Accounting sync', maxLength: 100 })
  @Trim()
  @IsString({ message: 'Name is required' })
  @MinLength(1, { message: 'Name is required' })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  name: string;

  @ApiProperty({
    enum: TOKEN_SCOPES,
    description: "'read': GET only; 'write': everything the admin may do except managing tokens and webhooks",
  })
  @IsIn(TOKEN_SCOPES, { message: "Scope must be 'read' or 'write'" })
  scope: TokenScope;

  @ApiPropertyOptional({ example: 90, minimum: 1, maximum: 3650, description: 'Omitted: the token does not expire' })
  @IsOptional()
  @IsInt({ message: 'Expiry must be a whole number of days' })
  @Min(1, { message: 'Expiry must be between 1 and 3650 days' })
  @Max(3650, { message: 'Expiry must be between 1 and 3650 days' })
  expiresInDays?: number;
}

export class ApiTokenResponse {
  @ApiProperty({ example: 3 }) id: number;
  @ApiProperty({ example: 'Accounting sync' }) name: string;
  @ApiProperty({ enum: TOKEN_SCOPES }) scope: TokenScope;
  @ApiProperty({ example: 'sp_Xk3f9QaB', description: "The token's first characters, to recognise it" }) hint: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) expiresAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Within a minute' }) lastUsedAt: string | null;
}

export class CreatedApiTokenResponse extends ApiTokenResponse {
  @ApiProperty({ example: 'sp_Xk3f9QaBv8…', description: 'The token: shown in this answer only, never again' }) token: string;
}
