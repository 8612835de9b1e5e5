import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import { BasicPasswordField, EmailField } from '../../../../../shared/http/account-fields';

export class LoginRequest {
  @EmailField()
  email: string;

  @BasicPasswordField()
  password: string;

  @ApiPropertyOptional({ description: 'Keep the session for 30 days instead of until the browser closes' })
  @IsOptional()
  @IsBoolean({ message: 'Remember me must be true or false' })
  rememberMe?: boolean;
}
