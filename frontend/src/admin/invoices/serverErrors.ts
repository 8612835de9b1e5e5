import { HttpError } from 'react-admin';

export interface ServerProblem {
  /** the body's `message`: the sentence the UI shows */
  message: string;
  /** `errors` (field -> message) */
  fields: Record<string, string>;
}

/** The server's answer to a failed save (`{message, errors}`), as it came; `fallback` when it gave none. */
export function serverProblem(error: unknown, fallback: string): ServerProblem {
  if (error instanceof HttpError) {
    const body = (error.body ?? {}) as { message?: unknown; errors?: unknown };
    const message =
      typeof body.message === 'string' && body.message ? body.message : error.status < 500 && error.message ? error.message : fallback;
    const fields: Record<string, string> = {};
    if (body.errors && typeof body.errors === 'object') {
      for (const [key, value] of Object.entries(body.errors as Record<string, unknown>)) {
        if (typeof value === 'string') fields[key] = value;
        else if (Array.isArray(value) && typeof value[0] === 'string') fields[key] = value[0];
      }
    }
    return { message, fields };
  }
  if (error instanceof Error && error.message && error.message !== 'Failed to fetch') return { message: error.message, fields: {} };
  return { message: fallback, fields: {} };
}

/**
 * The message of `errors` for row `index`'s `field`, whatever the key's spelling: 'customLines.0.quantity',
 * 'customLines[0].quantity', '0.dueDate', '[0].dueDate', 'schedule.0.amount'.
 */
export function rowFieldError(fields: Record<string, string>, index: number, field: string): string | undefined {
  for (const [key, message] of Object.entries(fields)) {
    const m = /(\d+)\]?\.(\w+)$/.exec(key.replace(/\[(\d+)\]/g, '.$1'));
    if (m && Number(m[1]) === index && m[2] === field) return message;
  }
  return undefined;
}

/** The messages of `errors` other than the `message` itself, once each (shown under it). */
export function otherMessages(problem: ServerProblem): string[] {
  return [...new Set(Object.values(problem.fields))].filter((m) => m !== problem.message);
}
