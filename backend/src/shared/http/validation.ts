import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

/**
 * Path and query values reach their own pipes as the strings that were sent. (Nest's ValidationPipe
 * would turn a `number` path parameter into `+value` first, so IdPipe saw "1e3", "0x10", " 1", "+1"
 * and "1.0" as the valid ids 1000, 16 and 1, and a request for a resource that is not an id reached
 * another one.)
 */
class ApiValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'param' || metadata.type === 'query') return value;
    return super.transformPrimitive(value, metadata);
  }
}

/**
 * Global validation: the first failing rule's message (spec §5) becomes `message`,
 * and `errors` maps each failing field to its first message. Unknown fields are stripped.
 * Of a field's failing rules, the one written first (top-most decorator) gives the message.
 */
export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
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
