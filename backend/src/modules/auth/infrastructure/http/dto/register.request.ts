import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { BasicPasswordField, EmailField, UsernameField } from '../../../../../shared/http/account-fields';

export class RegisterRequest {
  @UsernameField()
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
