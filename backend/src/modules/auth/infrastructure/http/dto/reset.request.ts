import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length, Matches, MaxLength } from 'class-validator';
import { IsStrongPassword } from './strong-password.validator';
import { Trim } from '../../../../../shared/http/transforms';

export class RequestCodeRequest {
  @ApiProperty({ example: 'ann@example.com', maxLength: 254 })
  @Trim()
  @IsString({ message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email: string;
}

export class ResetPasswordRequest {
  @ApiProperty({ example: 'ann@example.com', maxLength: 254 })
  @Trim()
  @IsString({ message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
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
