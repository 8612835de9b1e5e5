import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyInterceptor } from './idempotency.interceptor';

/** Marks an idempotent route; openapi-description.ts reads it to list the 409 and 422 it may answer. */
export const IDEMPOTENT_METADATA = 'portal:idempotent';

/**
 * The route honours the `Idempotency-Key` header (decision 0046): put it on a handler (or a controller)
 * whose call pays, refunds or creates something, next to its @Access declaration.
 */
export function Idempotent(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(IDEMPOTENT_METADATA, true),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        'Any string of 1 to 255 characters, new for each intended call (a UUID). Sent again with the same request within 24 hours, ' +
        'it answers the first answer again (with `Idempotent-Replayed: true`) and has no second effect; with another request, 422 ' +
        '`REQUEST.IDEMPOTENCY_MISMATCH`; while the first call still runs, 409 `REQUEST.IDEMPOTENCY_IN_PROGRESS`. Keys are per ' +
        'signed-in account or API token.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    }),
  );
}
