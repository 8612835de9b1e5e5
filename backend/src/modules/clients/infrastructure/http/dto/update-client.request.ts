import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../../../../shared/http/transforms';

/** Edit Client (spec §5): the same name, e-mail and role rules as Create Client, no password. */
export class UpdateClientRequest {
  @ApiProperty({ example: 'Ann Lee', minLength: 3, maxLength: 50 })
  @Trim()
  @IsString({ message: 'Name must be at least 3 characters' })
  @MinLength(3, { message: 'Name must be at least 3 characters' })
  @MaxLength(50, { message: 'Name must be at most 50 characters' })
  username: string;

  @ApiProperty({ example: 'ann@example.com', maxLength: 254 })
  @Trim()
  @IsString({ message: 'Please enter a valid email' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @IsEmail({}, { message: 'Please enter a valid email' })
  email: string;

  @ApiProperty({ enum: ['client', 'admin'] })
  @IsIn(['client', 'admin'], { message: 'Role must be client or admin' })
  role: 'client' | 'admin';
}
