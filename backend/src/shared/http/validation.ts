import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

/**
 * Global validation: the first failing rule's message (spec §5) becomes `message`,
 * and `errors` maps each failing field to its first message. Unknown fields are stripped.
 * Of a field's failing rules, the one written first (top-most decorator) gives the message.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (validationErrors: ValidationError[]) => {
      const errors: Record<string, string> = {};
      collect(validationErrors, '', errors);
      const first = Object.values(errors)[0] ?? 'Invalid request';
      return new BadRequestException({ message: first, errors });
    },
  });
}

function collect(list: ValidationError[], prefix: string, out: Record<string, string>): void {
  for (const e of list) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) {
      const messages = Object.values(e.constraints);
      // Decorators register bottom-up, so class-validator lists the top-most (first written) rule last.
      if (messages.length && !(path in out)) out[path] = messages[messages.length - 1];
    }
    if (e.children?.length) collect(e.children, path, out);
  }
}
