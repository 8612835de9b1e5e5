import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { VisibleCharactersOnly } from '../../../../../shared/http/account-fields';
import { EmptyAsUndefined, Trim } from '../../../../../shared/http/transforms';

export class UpdateAccountRequest {
  @ApiProperty({ example: 'Ann Lee', maxLength: 50 })
  @Trim()
  @IsString({ message: 'Username is required' })
  @IsNotEmpty({ message: 'Username is required' })
  @MaxLength(50, { message: 'Username must be at most 50 characters' })
  username: string;

  @ApiProperty({ example: 'ann@example.com', maxLength: 254 })
  @Trim()
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @IsEmail({}, { message: 'Email is invalid' })
  @VisibleCharactersOnly({ message: 'Email is invalid' })
  email: string;

  @ApiPropertyOptional({ example: 'Lee Interiors', maxLength: 200, nullable: true })
  @EmptyAsUndefined()
  @IsOptional()
  @IsString({ message: 'Company must be text' })
  @MaxLength(200, { message: 'Company must be at most 200 characters' })
  company?: string;

  @ApiPropertyOptional({ description: 'A new password; leave out to keep the current one', minLength: 8, maxLength: 128 })
  @EmptyAsUndefined()
  @IsOptional()
  @IsString({ message: 'Password must be at least 8 characters' })
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  password?: string;

  @ApiPropertyOptional({
    description: 'The account’s current password: required to change the e-mail or the password, not for a name or company change',
    maxLength: 128,
  })
  @EmptyAsUndefined()
  @IsOptional()
  @IsString({ message: 'Current password is incorrect' })
  @MaxLength(128, { message: 'Current password is incorrect' })
  currentPassword?: string;
}
