import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { EmailField, UsernameField } from '../../../../../shared/http/account-fields';

/** Edit Client (spec §5): the same name, e-mail and role rules as Create Client, no password. */
export class UpdateClientRequest {
  @UsernameField()
  username: string;

  @EmailField('Please enter a valid email')
  email: string;

  @ApiProperty({ enum: ['client', 'admin'] })
  @IsIn(['client', 'admin'], { message: 'Role must be client or admin' })
  role: 'client' | 'admin';
}
