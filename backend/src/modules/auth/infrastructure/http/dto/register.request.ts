import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../../../../shared/http/transforms';

export class RegisterRequest {
  @ApiProperty({ example: 'Ann Lee', minLength: 3, maxLength: 50 })
  @Trim()
  @IsString({ message: 'Name must be at least 3 characters' })
  @MinLength(3, { message: 'Name must be at least 3 characters' })
  @MaxLength(50, { message: 'Name must be at most 50 characters' })
  username: string;

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

  @ApiPropertyOptional({
    enum: ['client', 'admin'],
    description: 'Honoured only when an admin creates the account; public registration always makes a client',
  })
  @IsOptional()
  @IsIn(['client', 'admin'], { message: 'Role must be client or admin' })
  role?: 'client' | 'admin';
}
