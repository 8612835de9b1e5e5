import { createHash } from 'node:crypto';

/**
 * JSON with the keys of every object sorted and no white space, so two bodies that mean the same
 * (`{"a":1,"b":2}` and `{ "b": 2, "a": 1 }`) read the same. Array order counts; a property whose value
 * is `undefined` is left out, as JSON.stringify leaves it out; `undefined` itself reads as `null`.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalJson((value as { toJSON: () => unknown }).toJSON());
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object)
      .filter((key) => object[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests under one Idempotency-Key "the same request": SHA-256 (hex) of the body and the path parameters. */
export function requestHash(body: unknown, params: unknown): string {
  return createHash('sha256')
    .update(canonicalJson({ body: body ?? null, params: params ?? {} }))
    .digest('hex');
}
