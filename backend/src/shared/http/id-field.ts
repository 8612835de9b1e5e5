import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { stackDecorators } from './stack-decorators';

/** An id in a request body: a whole number 1…2147483647 (also sent as a numeric string); `message` otherwise. */
export function IdField(message: string, example = 4): PropertyDecorator {
  return stackDecorators(
    ApiProperty({ example }),
    Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value)),
    IsInt({ message }),
    Min(1, { message }),
    Max(2147483647, { message }),
  );
}
