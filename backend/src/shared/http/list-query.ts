import { DomainError } from '../errors/domain-error';
import type { FastifyReply } from 'fastify';
import { inspect, TOO_DEEP_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from './request-guards';

/** react-admin simple-rest list parameters (CONTRACT §2), parsed and checked. */
export interface ListQuery<F extends string = string> {
  /** false when the call had no list parameters: answer the plain, full array. */
  paged: boolean;
  sortField: F;
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

export const MAX_PAGE = 500;

const bad = (message: string) => new DomainError('validation', 'LIST.BAD_PARAMETER', message);

/**
 * A JSON parameter, parsed. Its strings are held to what the body guard holds a body to: a `\u0000`
 * escape becomes a NUL that PostgreSQL cannot take as text, so it is refused here with the same 400.
 */
function parseJson(raw: unknown, name: string): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw bad(`${name} must be JSON`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw bad(`${name} must be JSON`);
  }
  const found = inspect(value, name, 0);
  if (found === 'too deep') throw bad(TOO_DEEP_MESSAGE.replace('request body', name));
  if (found !== null) throw bad(UNSTORABLE_TEXT_MESSAGE);
  return value;
}

/**
 * Reads `sort=["field","ASC"]`, `range=[0,24]` and `filter={...}`. Sort fields outside `sortable`
 * are refused with 400, so nothing a browser sends reaches SQL except through the whitelist.
 */
export function parseListQuery<F extends string>(
  query: Record<string, unknown>,
  sortable: readonly F[],
  defaults: { field: F; order: 'ASC' | 'DESC' },
): ListQuery<F> {
  const paged = query.sort !== undefined || query.range !== undefined || query.filter !== undefined;
  const sort = parseJson(query.sort, 'sort');
  const range = parseJson(query.range, 'range');
  const filter = parseJson(query.filter, 'filter');

  let sortField = defaults.field;
  let sortOrder = defaults.order;
  if (sort !== undefined) {
    if (!Array.isArray(sort) || typeof sort[0] !== 'string') throw bad('sort must be ["field","ASC"|"DESC"]');
    if (!sortable.includes(sort[0] as F)) throw bad(`Cannot sort by ${String(sort[0]).slice(0, 50)}`);
    sortField = sort[0] as F;
    const order = String(sort[1] ?? 'ASC').toUpperCase();
    if (order !== 'ASC' && order !== 'DESC') throw bad('sort order must be ASC or DESC');
    sortOrder = order;
  }

  let offset = 0;
  let limit = paged ? 25 : Number.MAX_SAFE_INTEGER;
  if (range !== undefined) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isSafeInteger(n) && n >= 0) || range[1] < range[0]) {
      throw bad('range must be [start,end] with 0 ≤ start ≤ end');
    }
    offset = range[0];
    limit = Math.min(MAX_PAGE, range[1] - range[0] + 1);
  }

  if (filter !== undefined && (filter === null || typeof filter !== 'object' || Array.isArray(filter))) {
    throw bad('filter must be a JSON object');
  }
  return { paged, sortField, sortOrder, offset, limit, filter: (filter as Record<string, unknown>) ?? {} };
}

/** The longest search text a list takes. */
export const MAX_SEARCH = 200;

/** A text parameter (`label` names it in the 400), trimmed, or undefined when absent or empty. */
export function textParam(v: unknown, label: string, max = MAX_SEARCH): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw bad(`${label} must be text`);
  const s = String(v).trim();
  if (s.length > max) throw bad(`${label} must be at most ${max} characters`);
  return s || undefined;
}

/** A text filter value, trimmed, or undefined when absent or empty. */
export function textFilter(filter: Record<string, unknown>, key: string, max = MAX_SEARCH): string | undefined {
  return textParam(filter[key], `filter ${key}`, max);
}

export function boolFilter(filter: Record<string, unknown>, key: string): boolean | undefined {
  const v = filter[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw bad(`filter ${key} must be true or false`);
}

export function intFilter(filter: Record<string, unknown>, key: string): number | undefined {
  const v = filter[key];
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1 || n > 2147483647) throw bad(`filter ${key} must be an id`);
  return n;
}

/** Escapes % and _ so a search for "50%" means the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Answers a list: the plain array, or the page with its Content-Range. */
export function sendList<T>(res: FastifyReply, resource: string, q: ListQuery, rows: T[], total: number): T[] {
  res.headers(listHeaders(resource, q, rows.length, total));
  return rows;
}

/** The headers of a list answer: `Content-Range` with the total when the call asked for a page. */
export function listHeaders(resource: string, q: ListQuery, rowCount: number, total: number): Record<string, string> {
  if (!q.paged) return {};
  const end = rowCount ? q.offset + rowCount - 1 : q.offset;
  return { 'Content-Range': `${resource} ${q.offset}-${end}/${total}`, 'Access-Control-Expose-Headers': 'Content-Range' };
}
