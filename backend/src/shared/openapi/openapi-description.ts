import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
} from '@nestjs/swagger';
import { ERROR_CODES } from '../errors/error-codes';
import { ErrorResponse } from '../errors/error-response';
import { SESSION_COOKIE } from '../session/request-session';
import { operationIdFor, summaryFromOperationId } from './operation-ids';
import { routeFacts, type RouteFacts } from './route-facts';

/**
 * The OpenAPI description of the API (openapi.yaml, /api/docs-json), CONTRACT §9: Nest's Swagger
 * document from the controllers' decorators, then completed here from what each route really does
 * (decision 0024), so a new route is described without repeating it by hand:
 * - operationId from the controller and method names (operation-ids.ts), unique; a summary from it
 *   when the route gives none; its tag must be one of TAGS (with a description);
 * - security from the route's guards: signed in (SignedInGuard, AdminGuard) → cookieAuth or bearerAuth,
 *   cookieAuth only with @SessionOnly(); otherwise public (`security: []`), or the session optional
 *   when the route says @ApiCookieAuth();
 * - error answers (all with the ErrorResponse schema) from the global guards and the route's own:
 *   400 (input), 401 (sign-in, API token), 403 (admin, session only, cross-site or read-only token on
 *   a change), 404 (a path parameter), 413 (a body), 429 (rate limited); statuses a handler's domain
 *   errors add (409 and the like) come from the route's @Api…Response decorators; 5XX on every route;
 * - ids are integers; list answers (a `range` parameter) declare Content-Range.
 */

/** The top-level tags, in the order the docs show them. An operation's tag must be here. */
export const TAGS: Record<string, string> = {
  session: 'Signing in and out, registration, password reset and two-factor sign-in',
  account: "The signed-in user's own account and e-mail verification",
  clients: "The studio's accounts, managed by the admin",
  projects: 'Photography projects, their service lines and their payment state',
  services: 'The catalogue of services projects are priced from',
  payments: 'Card and manual payments, payment history and the dashboard figures',
  invoices: "What each project owes: its invoice's lines, discount, tax, payment schedule, payments and reminders (CONTRACT §14)",
  'payment emulator': 'The built-in stand-in for Stripe (when STRIPE_SECRET_KEY is unset)',
  credits: 'Credit bundles, balances, purchases, redemptions and adjustments',
  email: "The admin's e-mail tools and the outbox",
  audit: 'The activity log',
  galleries: 'Photos of a project: upload, processing, the gallery and its signed media links',
  integrations: 'API tokens and webhook endpoints for integrators (managed from a signed-in session only)',
  studio: "The studio's own settings: its name, logo, accent colour, contact details, currency, tax and billing terms",
  setup: "The first run: naming the studio and creating its admin with the code printed in the server's console",
  config: 'Public settings the browser needs',
  health: 'Liveness and readiness for load balancers',
};

/** The project is private and unlicensed (package.json): no permission is granted, all rights are reserved. */
const LICENSE = { name: 'UNLICENSED', url: 'https://choosealicense.com/no-permission/' };

const ERROR_SCHEMA: ReferenceObject = { $ref: '#/components/schemas/ErrorResponse' };

const DESCRIPTION = [
  'The client portal and back office of a photography studio.',
  '',
  'Browsers sign in with `POST /api/login` (or `/api/register`), which sets the session cookie `cookieAuth`; integrators ' +
    'send an API token of the admin (`Authorization: Bearer sp_…`, `bearerAuth`). Routes marked with only `cookieAuth` refuse ' +
    'API tokens; routes with no security are public.',
  '',
  'List routes take the react-admin simple-rest parameters as JSON in the query string: `range=[0,24]`, ' +
    '`sort=["name","ASC"]`, `filter={"q":"text"}`; with `range` the answer is one page and `Content-Range: <resource> 0-24/<total>` ' +
    'gives the total.',
  '',
  'Every error answers `{statusCode, error, message, code?, errors?, requestId?}` (ErrorResponse): `message` is a sentence for ' +
    'people, `errors` maps a field to its message, `code` is stable for programs:',
  '',
  '| code | meaning |',
  '| --- | --- |',
  ...Object.entries(ERROR_CODES).map(([code, meaning]) => `| \`${code}\` | ${meaning} |`),
].join('\n');

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const options = new DocumentBuilder()
    .setTitle('Studio Portal API')
    .setDescription(DESCRIPTION)
    .setVersion('0.1.0')
    .addServer('/', 'This server: every path begins with /api')
    .build();
  // ErrorResponse is no route's success answer: listed here so clients get the error body's schema
  const document = SwaggerModule.createDocument(app, options, {
    extraModels: [ErrorResponse],
    operationIdFactory: operationIdFor,
  });
  return completeDocument(document, routeFacts(app));
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** Fills in what the decorators leave out (see the comment at the top); throws on what a person must decide. */
export function completeDocument(document: OpenAPIObject, facts: Map<string, RouteFacts>): OpenAPIObject {
  document.info.license = LICENSE;
  delete document.info.contact;
  const components = (document.components ??= {});
  components.securitySchemes = {
    cookieAuth: {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description: 'The session cookie set by POST /api/login, /api/login/2fa and /api/register',
    },
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      description: 'An API token of the admin (`sp_…`), created in the back office; a `read` token may only GET',
    },
  };

  const seen = new Map<string, string>();
  const usedTags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const id = operation.operationId;
      if (!id || !/^[a-z][A-Za-z0-9]*$/.test(id)) throw new Error(`OpenAPI: ${where} has operationId "${id}", not camelCase`);
      if (seen.has(id)) {
        throw new Error(`OpenAPI: ${where} and ${seen.get(id)} both have operationId "${id}": give one @ApiOperation({ operationId })`);
      }
      seen.set(id, where);
      const fact = facts.get(id);
      if (!fact) throw new Error(`OpenAPI: no route found for ${where} (${id})`);

      operation.summary ||= summaryFromOperationId(id);
      if (!operation.tags?.length) throw new Error(`OpenAPI: ${where} has no tag: add @ApiTags to its controller`);
      for (const tag of operation.tags) {
        if (!TAGS[tag]) throw new Error(`OpenAPI: tag "${tag}" of ${where} is not in TAGS (shared/openapi/openapi-description.ts)`);
        usedTags.add(tag);
      }
      operation.security = securityOf(fact);
      // Who may call it, as the route declares it (CONTRACT §12): the caller and what an API token may do there.
      (operation as OperationObject & { 'x-access'?: object })['x-access'] = { caller: fact.access.caller, tokens: fact.access.tokens };
      describeParameters(operation, fact);
      describeErrors(operation, method, path, fact);
      describeCallbacks(operation, operation.tags);
    }
  }

  document.tags = Object.entries(TAGS)
    .filter(([name]) => usedTags.has(name))
    .map(([name, description]) => ({ name, description }));

  const schemas = (components.schemas ??= {}) as Record<string, SchemaObject>;
  for (const schema of Object.values(schemas)) integerIds(schema);
  const error = schemas.ErrorResponse;
  if (error?.properties) {
    (error.properties.statusCode as SchemaObject).type = 'integer';
    (error.properties.code as SchemaObject).enum = Object.keys(ERROR_CODES);
  }
  return document;
}

/**
 * The requests the portal itself sends (webhook events, declared with @ApiCallbacks): their summary,
 * operationId (`webhookClientCreated`), the signature headers, and what a receiver's answers mean.
 */
function describeCallbacks(operation: OperationObject, tags: string[] | undefined): void {
  for (const [event, callback] of Object.entries(operation.callbacks ?? {})) {
    for (const item of Object.values(callback as Record<string, Record<string, OperationObject>>)) {
      const sent = item.post;
      if (!sent) continue;
      sent.operationId = 'webhook' + event.replace(/(^|[._])(\w)/g, (_, __, c: string) => c.toUpperCase());
      sent.summary = `The ${event} event`;
      sent.description =
        `Sent to the endpoint's URL when it subscribes to \`${event}\`. Check \`Studio-Signature\` before trusting the body: ` +
        "HMAC-SHA256, keyed with the endpoint's secret, of `<t>.<raw body>`, hex, as `v1`.";
      sent.tags = tags;
      sent.security = [];
      sent.parameters = [
        { name: 'Studio-Event-Id', in: 'header', required: true, schema: { type: 'string' }, description: 'The event id (`evt_…`)' },
        { name: 'Studio-Event-Type', in: 'header', required: true, schema: { type: 'string' }, description: 'The event type' },
        {
          name: 'Studio-Signature',
          in: 'header',
          required: true,
          schema: { type: 'string', example: 't=1795670000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd' },
          description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`',
        },
      ];
      sent.responses = {
        '2XX': { description: 'Delivered (within 10 s)' },
        '4XX': { description: 'Not delivered: tried again after WEBHOOK_RETRY_MS (30 s), doubling, 8 tries in all' },
        default: { description: 'Anything else (5xx, a redirect, no answer within 10 s): tried again likewise' },
      };
    }
  }
}

function securityOf(fact: RouteFacts): Array<Record<string, string[]>> {
  if (fact.signedIn) return fact.sessionOnly ? [{ cookieAuth: [] }] : [{ cookieAuth: [] }, { bearerAuth: [] }];
  if (fact.readsSession) return [{}, { cookieAuth: [] }, { bearerAuth: [] }];
  return [];
}

/** Path ids are integers; the list parameters are JSON strings; a list answer carries Content-Range. */
function describeParameters(operation: OperationObject, fact: RouteFacts): void {
  const params = (operation.parameters ?? []) as ParameterObject[];
  for (const param of params) {
    if (param.in === 'path' && fact.idParams.includes(param.name)) {
      param.schema = { type: 'integer', minimum: 1, maximum: 2147483647 };
    }
  }
  if (fact.idempotent) {
    for (const [status, response] of Object.entries(operation.responses) as Array<[string, ResponseObject]>) {
      if (!status.startsWith('2')) continue;
      response.headers = {
        ...response.headers,
        'Idempotent-Replayed': {
          description: '`true` when this is the kept answer to an earlier call with the same `Idempotency-Key`',
          schema: { type: 'string', enum: ['true'] },
        },
      };
    }
  }
  if (!params.some((p) => p.in === 'query' && p.name === 'range')) return;
  for (const [status, response] of Object.entries(operation.responses) as Array<[string, ResponseObject]>) {
    if (!status.startsWith('2') || !response.content?.['application/json']) continue;
    response.headers = {
      ...response.headers,
      'Content-Range': {
        description: 'With `range`: the rows of this page and the total, `<resource> <first>-<last>/<total>`',
        schema: { type: 'string', example: 'projects 0-24/319' },
      },
    };
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is not valid',
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found',
  409: 'In conflict with the current state',
  413: 'The request body is too large',
  422: 'The request cannot be processed',
  429: 'Too many requests',
};

/** Every error status the route can answer, each with the reasons it can have and the ErrorResponse schema. */
function describeErrors(operation: OperationObject, method: string, path: string, fact: RouteFacts): void {
  const reasons = new Map<number, string[]>();
  const add = (status: number, reason: string) => reasons.set(status, [...(reasons.get(status) ?? []), reason]);
  const changes = method !== 'get' && method !== 'head';

  if (operation.requestBody) add(400, 'a field of the body is not valid (`errors` names it), or the body is not JSON');
  if (fact.idParams.length) add(400, 'the id in the address is not a positive whole number (`REQUEST.BAD_ID`)');
  if (fact.query) add(400, 'a query parameter is not valid');
  add(400, 'the address or the body holds text that cannot be stored (NUL, broken Unicode)');

  if (fact.signedIn) add(401, 'nobody is signed in (`AUTH.NOT_SIGNED_IN`)');
  add(401, 'the API token is not valid (`AUTH.INVALID_TOKEN`) or was sent in the address (`AUTH.TOKEN_IN_QUERY`)');

  if (fact.admin) add(403, 'only the studio admin may do this (`AUTH.ADMIN_ONLY`)');
  if (fact.sessionOnly) add(403, 'API tokens may not call this route: it needs a session (`AUTH.SESSION_REQUIRED`)');
  if (changes) add(403, 'the request came from another website (`CSRF.FOREIGN_ORIGIN`)');
  if (fact.access.tokens === 'write') add(403, 'a read-only API token (`AUTH.TOKEN_READ_ONLY`)');
  if (/\{[^}]+\}/.test(path)) add(404, 'nothing with this id, or it belongs to another client');
  if (operation.requestBody) add(413, 'the body is larger than 1 MB');
  if (fact.rateLimited) add(429, 'too many sign-in, registration or reset calls from this address');
  if (fact.idempotent) {
    add(400, 'the `Idempotency-Key` header is empty or longer than 255 characters (`REQUEST.BAD_IDEMPOTENCY_KEY`)');
    add(409, 'a call with the same `Idempotency-Key` is still running (`REQUEST.IDEMPOTENCY_IN_PROGRESS`)');
    add(422, 'the `Idempotency-Key` was already used for a different request (`REQUEST.IDEMPOTENCY_MISMATCH`)');
  }

  const responses = operation.responses as Record<string, ResponseObject>;
  for (const [status, why] of reasons) {
    const given = responses[status];
    const text = [given?.description, ...why].filter(Boolean).join('; ');
    responses[status] = { ...given, description: given?.description ? text : `${STATUS_TEXT[status]}: ${text}` };
  }
  // Any route can fail on the server's side (the error filter answers in the same shape).
  responses['5XX'] ??= {
    description: 'Something went wrong on our side (500), or the database is not answering (503, `DATABASE_UNAVAILABLE`)',
  };
  for (const [status, response] of Object.entries(responses)) {
    if ((Number(status) >= 400 || /^[45]XX$/.test(status)) && !response.content)
      response.content = { 'application/json': { schema: ERROR_SCHEMA } };
  }
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/** `id` and `…Id` numbers are integers (the database's ids), in every schema and nested object. */
function integerIds(schema: SchemaObject | ReferenceObject): void {
  if ('$ref' in schema) return;
  for (const [name, property] of Object.entries(schema.properties ?? {}) as Array<[string, SchemaObject | ReferenceObject]>) {
    if ('$ref' in property) continue;
    if ((name === 'id' || /[a-z]Id$/.test(name)) && property.type === 'number') property.type = 'integer';
    integerIds(property);
  }
  if (schema.items) integerIds(schema.items);
}
