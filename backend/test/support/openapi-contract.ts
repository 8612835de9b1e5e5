import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * API answers checked against the root `openapi.yaml` (generated from the code's Swagger decorators),
 * so a test fails when the API and its published contract drift apart:
 * - the route and method must be documented;
 * - a 2xx status must be documented (exactly, as a range like `2XX`, or as `default`), and a JSON body
 *   must match its schema; objects are closed (a property the schema does not name is an error, which
 *   also catches a leaked column such as a password hash);
 * - a 4xx/5xx status must be documented (CONTRACT §9: every error a route can answer is listed) and its
 *   body must be the error shape of CONTRACT §2 `{statusCode, error, message}` and match its schema.
 */

export const OPENAPI_FILE = join(__dirname, '..', '..', '..', 'openapi.yaml');

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type Schema = Record<string, unknown>;

interface MediaType {
  schema?: Schema;
}
interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}
export interface OperationObject {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, unknown> };
}

let cached: OpenApiDocument | null = null;

/** The parsed `openapi.yaml` at the repository root (read once per test file). */
export function openApi(): OpenApiDocument {
  cached ??= parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
  return cached;
}

/** Every documented operation as `METHOD /path/{template}`, in the file's order. */
export function operations(): Array<{ key: string; method: HttpMethod; path: string; operation: OperationObject }> {
  const out: Array<{ key: string; method: HttpMethod; path: string; operation: OperationObject }> = [];
  for (const [path, item] of Object.entries(openApi().paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) out.push({ key: `${method.toUpperCase()} ${path}`, method, path, operation });
    }
  }
  return out;
}

export interface RouteMatch {
  /** The path template of openapi.yaml, e.g. `/api/projects/{id}`. */
  path: string;
  /** Path parameters taken from the URL, decoded. */
  params: Record<string, string>;
  /** The operation for the method, when the path documents it. */
  operation?: OperationObject;
  method: HttpMethod;
}

const templateCache = new Map<string, Array<{ segment: string; param?: string }>>();
function segmentsOf(template: string) {
  let segments = templateCache.get(template);
  if (!segments) {
    segments = template
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        const m = /^\{([^}]+)\}$/.exec(segment);
        return m ? { segment, param: m[1] } : { segment };
      });
    templateCache.set(template, segments);
  }
  return segments;
}

/**
 * The openapi.yaml path template a concrete URL (`/api/projects/12?x=1`, or an absolute URL) falls
 * under, with its parameters. A literal segment beats a parameter at the same place (OpenAPI's rule:
 * `/api/credit-bundles/admin` before `/api/credit-bundles/{id}`); among the paths that match, one
 * documenting `method` wins. Null when no documented path matches.
 */
export function matchRoute(method: string, url: string): RouteMatch | null {
  const m = method.toLowerCase() as HttpMethod;
  const pathname = new URL(url, 'http://x').pathname;
  const parts = pathname.split('/').filter(Boolean);
  const candidates: Array<{ path: string; params: Record<string, string>; literals: string }> = [];
  for (const template of Object.keys(openApi().paths)) {
    const segments = segmentsOf(template);
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let literals = '';
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const s = segments[i];
      if (s.param) {
        let value: string;
        try {
          value = decodeURIComponent(parts[i]);
        } catch {
          value = parts[i];
        }
        params[s.param] = value;
        literals += '0';
      } else {
        ok = s.segment === parts[i];
        literals += '1';
      }
    }
    if (ok) candidates.push({ path: template, params, literals });
  }
  if (!candidates.length) return null;
  // Most literal first, position by position ("110" before "101" before "011").
  candidates.sort((a, b) => (a.literals < b.literals ? 1 : a.literals > b.literals ? -1 : 0));
  const withMethod = candidates.find((c) => openApi().paths[c.path][m]);
  const best = withMethod ?? candidates[0];
  return { path: best.path, params: best.params, method: m, operation: openApi().paths[best.path][m] };
}

// ---------------------------------------------------------------------------------------------------
// Schemas

const DOC_ID = 'openapi.yaml';

/**
 * OpenAPI 3.0 → what ajv checks: `$ref`s point into the registered document, and an object schema
 * that lists `properties` without saying anything about others is closed.
 */
function prepare(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(prepare);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) out[k] = `${DOC_ID}${v}`;
    else if (k === 'example' || k === 'examples') continue;
    else out[k] = prepare(v);
  }
  if (out.$ref) return { $ref: out.$ref }; // OpenAPI 3.0: siblings of $ref are ignored
  // OpenAPI 3.0's `nullable` also lets null past the schemas of an `allOf` (a nullable reference, as
  // Nest's Swagger writes it); ajv applies `nullable` to `type` only.
  if (out.nullable === true && Array.isArray(out.allOf)) {
    const { nullable: _nullable, type: _type, allOf, ...rest } = out;
    return { ...rest, anyOf: [{ allOf }, { type: 'null' }] };
  }
  if (out.properties && out.additionalProperties === undefined && !out.allOf && !out.oneOf && !out.anyOf) out.additionalProperties = false;
  return out;
}

function collectFormats(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) node.forEach((n) => collectFormats(n, into));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      if (k === 'format' && typeof v === 'string') into.add(v);
      else collectFormats(v, into);
    }
  }
}

let ajv: Ajv | null = null;
const validators = new Map<string, ValidateFunction>();

function compiler(): Ajv {
  if (ajv) return ajv;
  const a = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(a);
  // Unknown formats are accepted as documentation, not checked.
  const formats = new Set<string>();
  collectFormats(openApi(), formats);
  for (const f of formats) if (!a.formats[f]) a.addFormat(f, true);
  a.addSchema({ $id: DOC_ID, components: { schemas: prepare(openApi().components.schemas) } });
  ajv = a;
  return a;
}

function validatorFor(key: string, schema: Schema): ValidateFunction {
  let v = validators.get(key);
  if (!v) {
    v = compiler().compile(prepare(schema) as Schema);
    validators.set(key, v);
  }
  return v;
}

/** The documented response for a status: exact, then range (`2XX`), then `default`. */
export function documentedResponse(operation: OperationObject, status: number): { key: string; response: ResponseObject } | null {
  for (const key of [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default']) {
    const response = operation.responses[key];
    if (response) return { key, response };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Known mismatches between openapi.yaml and what the API really answers (CONTRACT and spec win). Each
// entry names the decorator/DTO to fix: openapi.yaml is regenerated from the code (`npm run openapi`),
// never edited by hand. An entry excuses only the problems of its operation and status that its pattern
// matches; delete it once the fix has landed and openapi.yaml is regenerated.

export interface KnownMismatch {
  operation: string; // `METHOD /path/{template}`
  status: number;
  /** Matches one problem line, e.g. `/items/0/price type must be number`. */
  problem: RegExp;
  fix: string;
}

export const KNOWN_MISMATCHES: KnownMismatch[] = [];

// ---------------------------------------------------------------------------------------------------

/** What a supertest answer carries about its request. */
interface AnswerLike {
  status: number;
  body: unknown;
  text?: string;
  headers: Record<string, string | string[] | undefined>;
  /** superagent's request: its method and full URL. */
  request?: { method?: string; url?: string };
}

export class ContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractError';
  }
}

const describeErrors = (errors: ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).map((e) => {
    const extra =
      e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : '';
    return `${e.instancePath || '/'} ${e.keyword} ${e.message ?? ''}${extra}`.trim();
  });

/**
 * Checks one supertest answer against openapi.yaml and returns the operation key
 * (`GET /api/projects/{id}`). Throws a ContractError naming the request, the status and every
 * problem not excused by KNOWN_MISMATCHES. `override` replaces the method and URL of the answer.
 */
export function expectMatchesContract(res: AnswerLike, override?: { method: string; url: string }): string {
  const method = override?.method ?? res.request?.method;
  const url = override?.url ?? res.request?.url;
  if (!method || !url)
    throw new ContractError('expectMatchesContract: the answer does not say which request it answers; pass {method, url}');
  const where = `${method.toUpperCase()} ${url.replace(/^https?:\/\/[^/]+/, '')} → ${res.status}`;
  const match = matchRoute(method, url);
  if (!match) throw new ContractError(`${where}: no path of openapi.yaml matches this URL`);
  const key = `${method.toUpperCase()} ${match.path}`;
  if (!match.operation) throw new ContractError(`${where}: openapi.yaml documents ${match.path} but not ${method.toUpperCase()}`);

  const problems = contractProblems(match.operation, key, res);
  const unexplained = problems.filter(
    (p) => !KNOWN_MISMATCHES.some((k) => k.operation === key && k.status === res.status && k.problem.test(p)),
  );
  if (unexplained.length) {
    throw new ContractError(
      `${where} (${key}) does not match openapi.yaml / CONTRACT §2:\n  ${unexplained.join('\n  ')}\n${String(res.text ?? JSON.stringify(res.body)).slice(0, 1500)}`,
    );
  }
  return key;
}

function contractProblems(operation: OperationObject, key: string, res: AnswerLike): string[] {
  const contentType = String(res.headers['content-type'] ?? '');
  const isJson = /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);
  const sent = contentType.split(';')[0].trim() || 'no content type';
  const documented = documentedResponse(operation, res.status);
  const problems: string[] = [];

  if (res.status >= 400) {
    // CONTRACT §9: every error a route can answer is listed in openapi.yaml.
    if (!documented)
      problems.push(`error status ${res.status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`);
    // CONTRACT §2: every error is {statusCode, error, message} (plus code, errors, requestId).
    if (!isJson) return [...problems, `an error must be JSON, the API sent ${sent}`];
    const body = res.body as Record<string, unknown>;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return [...problems, 'the error body is not an object'];
    if (body.statusCode !== res.status) problems.push(`statusCode is ${JSON.stringify(body.statusCode)}, not ${res.status}`);
    if (typeof body.error !== 'string' || !body.error) problems.push('error is not a non-empty string');
    if (typeof body.message !== 'string' || !body.message.trim()) problems.push('message is not a non-empty string');
    if (body.errors !== undefined && (typeof body.errors !== 'object' || body.errors === null || Array.isArray(body.errors))) {
      problems.push('errors is not a field → message object');
    }
    const schema = documented?.response.content?.['application/json']?.schema;
    if (schema) problems.push(...schemaProblems(`${key} ${documented!.key}`, schema, res.body));
    return problems;
  }

  if (!documented) return [`status ${res.status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
  const hasBody = res.status !== 204 && (res.text ?? '').length > 0;
  const content = documented.response.content;
  if (!content) {
    if (hasBody) problems.push(`openapi.yaml documents no body for ${documented.key}, the API sent ${sent}`);
    return problems;
  }
  const jsonSchema = content['application/json']?.schema;
  if (jsonSchema) {
    if (!isJson) return [`openapi.yaml documents a JSON body for ${documented.key}, the API sent ${sent}`];
    return schemaProblems(`${key} ${documented.key}`, jsonSchema, res.body);
  }
  const types = Object.keys(content);
  if (!types.some((t) => sent.toLowerCase() === t.toLowerCase()))
    problems.push(`openapi.yaml documents ${types.join(', ')} for ${documented.key}, the API sent ${sent}`);
  return problems;
}

function schemaProblems(cacheKey: string, schema: Schema, body: unknown): string[] {
  const validate = validatorFor(cacheKey, schema);
  return validate(body) ? [] : describeErrors(validate.errors);
}
