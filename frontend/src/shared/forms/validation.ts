import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** field -> first failing rule's message; a field without a message is valid */
export type ValidationErrors<T> = Partial<Record<keyof T & string, string>>;

export type Validator<T> = (values: T) => ValidationErrors<T>;

/** A simple address pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/** Adapts a plain validator (spec messages, unit-tested on its own) to react-hook-form. */
export function resolverFrom<T extends FieldValues>(validate: Validator<T>): Resolver<T> {
  return async (values) => {
    const messages = validate(values);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(messages)) {
      if (message) errors[field] = { type: 'validate', message: message as string };
    }
    if (Object.keys(errors).length > 0) {
      return { values: {}, errors: errors as FieldErrors<T> };
    }
    return { values, errors: {} };
  };
}

/** Length bounds of CONTRACT §2, used as maxLength on inputs. */
export const MAX_LENGTH = { email: 254, username: 50, password: 128, company: 200 } as const;
