import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './openapi';
import type { ApiErrorBody } from './schema';

/**
 * The error raised by every failing API call.
 * Its message is `${status}: ${body message or status text}` (spec §7);
 * `serverMessage` is the body's human sentence alone, `fieldErrors` the per-field messages.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage?: string;
  readonly fieldErrors?: Record<string, string>;
  readonly body?: unknown;

  constructor(status: number, detail: string, body?: unknown) {
    super(`${status}: ${detail}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    if (isErrorBody(body)) {
      this.serverMessage = Array.isArray(body.message) ? body.message.join(', ') : body.message;
      this.fieldErrors = body.errors;
    }
  }
}

/** The documented error body, or an older/proxy one whose `message` is a list (joined with ', '). */
type ErrorBodyLike = Omit<ApiErrorBody, 'message' | 'statusCode' | 'error'> & { message: string | string[] };

function isErrorBody(body: unknown): body is ErrorBodyLike {
  return (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    (typeof (body as ErrorBodyLike).message === 'string' || Array.isArray((body as { message: unknown }).message))
  );
}

/** Builds the ApiError for a non-OK response: body.message, else the raw text, else the status text. */
export async function toApiError(res: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    // body unreadable: fall back to the status text
  }
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  const detail = isErrorBody(body)
    ? Array.isArray(body.message)
      ? body.message.join(', ')
      : body.message
    : text || res.statusText || 'Request failed';
  return new ApiError(res.status, detail, body ?? (text || undefined));
}

/** Every failing answer becomes the ApiError above, so callers read `data` and components keep their texts. */
const throwApiErrors: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await toApiError(response);
    return undefined;
  },
};

/** The page's origin: openapi-fetch builds absolute Requests (jsdom and Node need one too). */
const pageOrigin = (): string => globalThis.location?.origin ?? 'http://localhost';

function createApiClient() {
  return createClient<paths>({
    baseUrl: pageOrigin(),
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    // read globalThis.fetch at call time (openapi-fetch would keep the one present at creation)
    fetch: (request: Request) => globalThis.fetch(request),
  });
}

/**
 * The typed client of the API (openapi-fetch over openapi.yaml's paths). A failing answer rejects with
 * ApiError; `data` is the typed body of a successful one.
 */
export const http = createApiClient();
http.use(throwApiErrors);

/** The same client without the ApiError middleware: for callers that read `response` themselves. */
export const rawHttp = createApiClient();

/** Resolves to the body of a call of `http` (whose failures already threw). */
export async function dataOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  const { data } = await call;
  return data as T;
}

/**
 * GET of a URL as a string (the query cache's default query function, where the key is the URL).
 * Untyped on purpose: typed calls go through `http`.
 */
export async function getJson<T = unknown>(url: string): Promise<T> {
  const res = await globalThis.fetch(new URL(url, pageOrigin()), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw await toApiError(res);
  const text = res.status === 204 ? '' : await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The message to show for an error: the server's sentence when there is one, else `fallback`. */
export function serverMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

/** The full error text (`401: Invalid email or password`) or `fallback` for non-Error values. */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
