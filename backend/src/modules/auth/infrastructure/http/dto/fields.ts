import { stackDecorators } from '../../../../../shared/http/stack-decorators';
import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../../../../shared/http/transforms';

/** An e-mail field of the sign-in forms: 'Please enter a valid email address' (spec §5), at most 254 characters. */
export function EmailField(): PropertyDecorator {
  const message = 'Please enter a valid email address';
  return stackDecorators(
    ApiProperty({ example: 'ann@example.com', maxLength: 254 }),
    Trim(),
    IsString({ message }),
    MaxLength(254, { message: 'Email must be at most 254 characters' }),
    IsEmail({}, { message }),
  );
}

/** A password of login, registration and admin-created accounts: 6 to 128 characters, never truncated. */
export function BasicPasswordField(): PropertyDecorator {
  const message = 'Password must be at least 6 characters';
  return stackDecorators(
    ApiProperty({ example: 'secret123', minLength: 6, maxLength: 128 }),
    IsString({ message }),
    MinLength(6, { message }),
    MaxLength(128, { message: 'Password must be at most 128 characters' }),
  );
}
