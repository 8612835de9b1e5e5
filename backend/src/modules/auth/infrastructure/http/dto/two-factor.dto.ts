import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { EmptyAsUndefined, Trim } from '../../../../../shared/http/transforms';

const CODE_MESSAGE = 'Enter the 6-digit code';
const CURRENT_PASSWORD_MESSAGE = 'Enter your current password';

export class TwoFactorSetupRequest {
  @ApiProperty({ example: 'Sunset#2026', description: 'The current password' })
  @EmptyAsUndefined()
  @IsOptional()
  @IsString({ message: CURRENT_PASSWORD_MESSAGE })
  @MaxLength(128, { message: 'Current password is incorrect' })
  currentPassword?: string;
}

export class TwoFactorEnableRequest {
  @ApiProperty({ example: '492039', description: 'A code from the authenticator app' })
  @Trim()
  @IsString({ message: CODE_MESSAGE })
  @Matches(/^\d{6}$/, { message: CODE_MESSAGE })
  code: string;
}

export class TwoFactorDisableRequest extends TwoFactorSetupRequest {
  @ApiProperty({ example: '492039', description: 'A code from the authenticator app, or a recovery code' })
  @Trim()
  @IsString({ message: 'Enter a code from your authenticator app or a recovery code' })
  @Matches(/^(\d{6}|[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5})$/, { message: 'Enter a code from your authenticator app or a recovery code' })
  code: string;
}

export class SecondProofRequest {
  @ApiPropertyOptional({ example: '492039', description: 'A code from the authenticator app, or the code e-mailed for this sign-in' })
  @ValidateIf((o: SecondProofRequest) => o.recoveryCode === undefined)
  @Trim()
  @IsString({ message: CODE_MESSAGE })
  @Matches(/^\d{6}$/, { message: CODE_MESSAGE })
  code?: string;

  @ApiPropertyOptional({ example: 'k3m9p-x2w7q', description: 'One of the recovery codes, instead of `code`' })
  @IsOptional()
  @Trim()
  @IsString({ message: 'Enter a recovery code' })
  @Matches(/^[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}$/, { message: 'Enter a recovery code like xxxxx-xxxxx' })
  recoveryCode?: string;
}

export class SecondProofRequiredResponse {
  @ApiProperty({ example: true, enum: [true] }) twoFactorRequired: true;
  @ApiProperty({
    enum: ['totp', 'email'],
    description: "'totp': a code from the account's authenticator app (or a recovery code); 'email': the code just e-mailed to the account",
  })
  method: 'totp' | 'email';
}

export class TwoFactorSetupResponse {
  @ApiProperty({ example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', description: 'Base32, for typing into the app by hand' })
  secret: string;
  @ApiProperty({ example: 'otpauth://totp/Studio%20Portal:ann%40example.com?secret=JBSW…&issuer=Studio%20Portal' })
  otpauthUrl: string;
}

export class RecoveryCodesResponse {
  @ApiProperty({ type: [String], example: ['k3m9p-x2w7q'], description: '10 single-use codes, shown this once' })
  recoveryCodes: string[];
}
