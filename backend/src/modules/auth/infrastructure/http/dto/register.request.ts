import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../../../../shared/http/transforms';
import { BasicPasswordField, EmailField } from './fields';

export class RegisterRequest {
  @ApiProperty({ example: 'Ann Lee', minLength: 3, maxLength: 50 })
  @Trim()
  @IsString({ message: 'Name must be at least 3 characters' })
  @MinLength(3, { message: 'Name must be at least 3 characters' })
  @MaxLength(50, { message: 'Name must be at most 50 characters' })
  username: string;

  @EmailField()
  email: string;

  @BasicPasswordField()
  password: string;

  @ApiPropertyOptional({
    enum: ['client', 'admin'],
    description: 'Honoured only when an admin creates the account; public registration always makes a client',
  })
  @IsOptional()
  @IsIn(['client', 'admin'], { message: 'Role must be client or admin' })
  role?: 'client' | 'admin';
}
