import { ValidateBy, ValidationOptions } from 'class-validator';
import { strongPasswordProblem } from '../../../domain/password-policy';

/** The reset form's password rules (spec §5) as one validator whose message is the first unmet rule. */
export function IsStrongPassword(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isStrongPassword',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && strongPasswordProblem(value) === null,
        defaultMessage: (args) =>
          typeof args?.value === 'string'
            ? (strongPasswordProblem(args.value) ?? 'Password is not strong enough')
            : 'Password must be at least 8 characters long',
      },
    },
    options,
  );
}
