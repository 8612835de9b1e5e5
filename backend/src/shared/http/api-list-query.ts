import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';

/** Documents the react-admin simple-rest list parameters of CONTRACT §2 on a list route. */
export function ApiListQuery(filterExample = '{"q":"text"}'): MethodDecorator {
  return applyDecorators(
    ApiQuery({ name: 'sort', required: false, description: 'JSON ["field","ASC"|"DESC"]' }),
    ApiQuery({ name: 'range', required: false, description: 'JSON [start,end], inclusive; at most 500 rows' }),
    ApiQuery({ name: 'filter', required: false, description: `JSON object, e.g. ${filterExample}` }),
  );
}
