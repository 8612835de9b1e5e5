import type { ApiErrorBody } from './types';

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

function isErrorBody(body: unknown): body is ApiErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    (typeof (body as ApiErrorBody).message === 'string' ||
      Array.isArray((body as { message: unknown }).message))
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

async function parseBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as unknown as T;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends a JSON request with the session cookie; resolves to the parsed body, rejects with ApiError. */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  if (!res.ok) throw await toApiError(res);
  return parseBody<T>(res);
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body),
  put: <T>(url: string, body?: unknown) => apiRequest<T>('PUT', url, body),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body),
  delete: <T>(url: string) => apiRequest<T>('DELETE', url),
};

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
