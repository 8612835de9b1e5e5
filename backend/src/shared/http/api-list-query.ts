import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';

/**
 * Documents the react-admin simple-rest list parameters of CONTRACT §2 on a list route: JSON in the
 * query string. A JSON answer of a route with `range` also gets its Content-Range header in
 * openapi.yaml (shared/openapi/openapi-description.ts).
 */
export function ApiListQuery(filterExample = '{"q":"text"}'): MethodDecorator {
  return applyDecorators(
    ApiQuery({
      name: 'sort',
      required: false,
      description: 'JSON `["field","ASC"|"DESC"]`',
      schema: { type: 'string', example: '["name","ASC"]' },
    }),
    ApiQuery({
      name: 'range',
      required: false,
      description: 'JSON `[start,end]`, inclusive, from 0; at most 500 rows',
      schema: { type: 'string', example: '[0,24]' },
    }),
    ApiQuery({
      name: 'filter',
      required: false,
      description: 'JSON object of filters',
      schema: { type: 'string', example: filterExample },
    }),
  );
}
