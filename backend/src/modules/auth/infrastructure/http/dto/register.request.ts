import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
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

  @ApiPropertyOptional({
    description: 'The token of an invitation link (`&invite=`): the account starts verified when its e-mail is the invited one',
    maxLength: 200,
  })
  @IsOptional()
  @IsString({ message: 'Invitation is invalid' })
  @MaxLength(200, { message: 'Invitation is invalid' })
  invite?: string;
}
