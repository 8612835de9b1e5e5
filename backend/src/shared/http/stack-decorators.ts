import { applyDecorators } from '@nestjs/common';

/**
 * Combines property decorators exactly as if they were written one above the other: the last one
 * is applied first. (applyDecorators applies in list order, which would reverse which validation
 * rule's message wins; see createValidationPipe.)
 */
export function stackDecorators(...decorators: PropertyDecorator[]): PropertyDecorator {
  return applyDecorators(...[...decorators].reverse());
}
