import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { Trim } from '../../../../../shared/http/transforms';
import { EmailField } from '../../../../../shared/http/account-fields';
import { IsStrongPassword } from './strong-password.validator';

export class RequestCodeRequest {
  @EmailField()
  email: string;
}

export class ResetPasswordRequest {
  @EmailField()
  email: string;

  @ApiProperty({ example: '042917', minLength: 6, maxLength: 6 })
  @Trim()
  @IsString({ message: 'Verification code must be 6 digits' })
  @Length(6, 6, { message: 'Verification code must be 6 digits' })
  @Matches(/^\d{6}$/, { message: 'Verification code must be 6 digits' })
  code: string;

  @ApiProperty({ example: 'Sunset#2026', minLength: 8, maxLength: 128 })
  @IsStrongPassword()
  newPassword: string;
}
