import { ValidateBy, ValidationOptions } from 'class-validator';
import { Money } from '../domain/money';

/**
 * A money amount in dollars sent as a number or a numeric string (spec §5: "a number, or a string of at
 * least 1 character parsed as a float"), with at most 2 decimals and not negative. `label` names the field
 * in messages ('Price is required', 'Price must be 0 or more').
 */
export function IsAmount(label = 'Price', options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAmount',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'number' && typeof value !== 'string') return false;
          try {
            Money.fromDollars(value, label.toLowerCase());
            return true;
          } catch {
            return false;
          }
        },
        defaultMessage: (args) => {
          const value = args?.value;
          if (value === undefined || value === null || value === '') return `${label} is required`;
          if (typeof value !== 'number' && typeof value !== 'string') return `${label} must be a number`;
          try {
            Money.fromDollars(value, label.toLowerCase());
            return `${label} is invalid`;
          } catch (err) {
            return (err as Error).message;
          }
        },
      },
    },
    options,
  );
}
