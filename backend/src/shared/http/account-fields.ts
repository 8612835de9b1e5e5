import { stackDecorators } from './stack-decorators';
import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Matches, MaxLength, MinLength, ValidationOptions } from 'class-validator';
import { Trim } from './transforms';

/**
 * An e-mail field: 'Please enter a valid email address' on the sign-in forms (spec §5), 'Please enter a
 * valid email' on the admin's client dialogs; at most 254 characters.
 */
export function EmailField(message = 'Please enter a valid email address'): PropertyDecorator {
  return stackDecorators(
    ApiProperty({ example: 'ann@example.com', maxLength: 254 }),
    Trim(),
    IsString({ message }),
    MaxLength(254, { message: 'Email must be at most 254 characters' }),
    IsEmail({}, { message }),
    VisibleCharactersOnly({ message }),
  );
}

/**
 * An e-mail address may not hold invisible characters (controls, zero-width and format characters such
 * as U+200B or U+FEFF, unassigned code points, spaces): the address validator lets Unicode through,
 * but such an address looks like another one and no mail server delivers to it.
 */
export function VisibleCharactersOnly(options: ValidationOptions): PropertyDecorator {
  return Matches(/^[^\p{C}\p{Z}]*$/u, options);
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

/** An account's name (spec §5): 3 to 50 characters, 'Name must be at least 3 characters'. */
export function UsernameField(): PropertyDecorator {
  const message = 'Name must be at least 3 characters';
  return stackDecorators(
    ApiProperty({ example: 'Ann Lee', minLength: 3, maxLength: 50 }),
    Trim(),
    IsString({ message }),
    MinLength(3, { message }),
    MaxLength(50, { message: 'Name must be at most 50 characters' }),
  );
}
