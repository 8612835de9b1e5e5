import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../../../../shared/http/transforms';

export class LoginRequest {
  @ApiProperty({ example: 'ann@example.com', maxLength: 254 })
  @Trim()
  @IsString({ message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email: string;

  @ApiProperty({ example: 'secret123', minLength: 6, maxLength: 128 })
  @IsString({ message: 'Password must be at least 6 characters' })
  @MinLength(6, { message: 'Password must be at least 6 characters' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  password: string;

  @ApiPropertyOptional({ description: 'Keep the session for 30 days instead of until the browser closes' })
  @IsOptional()
  @IsBoolean({ message: 'Remember me must be true or false' })
  rememberMe?: boolean;
}
