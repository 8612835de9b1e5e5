import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { errorBody } from '../errors/http-error.filter';

export const MAX_BODY = '1mb';

/**
 * JSON and form body parsers whose failures answer in the API's error shape
 * (413 for a body over 1 MB, 400 for malformed JSON) instead of Express's HTML page.
 * The raw bytes are kept on `req.rawBody` for signature checks (webhooks).
 */
export function bodyParsers(): RequestHandler[] {
  const keepRaw = (req: Request, _res: Response, buf: Buffer) => {
    (req as Request & { rawBody?: Buffer }).rawBody = buf;
  };
  return [
    guard(express.json({ limit: MAX_BODY, verify: keepRaw })),
    guard(express.urlencoded({ limit: MAX_BODY, extended: false })),
    refuseUnusableInput,
  ];
}

export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or broken Unicode (unpaired surrogates).';
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';
/** Far deeper than any request of the API (3 levels), far below what would exhaust the stack in validation. */
export const MAX_BODY_DEPTH = 32;

/**
 * Input no handler could use, refused with 400 before any handler runs:
 * - a body nested deeper than MAX_BODY_DEPTH (validation walks it recursively and would overflow the stack);
 * - text PostgreSQL cannot store: the NUL character (the query fails) and unpaired UTF-16 surrogates
 *   (not Unicode; they would be stored as U+FFFD), in the address (a path id, a list filter) or anywhere
 *   in the body, naming the field.
 */
function refuseUnusableInput(req: Request, res: Response, next: NextFunction): void {
  const refuse = (message: string, field?: string) => {
    const requestId = req.id !== undefined ? String(req.id) : undefined;
    res.status(400).json(errorBody(400, message, { requestId, ...(field ? { errors: { [field]: message } } : {}) }));
  };
  if (/%00/.test(req.url) || !wellFormed(safeDecode(req.url))) return refuse(UNSTORABLE_TEXT_MESSAGE);
  const found = inspect(req.body, '', 0);
  if (found === 'too deep') return refuse(TOO_DEEP_MESSAGE);
  if (found !== null) return refuse(UNSTORABLE_TEXT_MESSAGE, found.field);
  next();
}

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const wellFormed = (s: string) => !UNSTORABLE.test(s);

/** The URL decoded as far as it decodes (invalid %-sequences are left to the router's 400). */
function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** 'too deep', or the first key or string value holding unstorable text ('body' for the body itself), or null. */
function inspect(value: unknown, path: string, depth: number): 'too deep' | { field: string } | null {
  if (typeof value === 'string') return wellFormed(value) ? null : { field: path || 'body' };
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_BODY_DEPTH) return 'too deep';
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (!wellFormed(key)) return { field: here };
    const found = inspect(v, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function guard(parser: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    parser(req, res, (err?: unknown) => {
      if (!err) return next();
      const e = err as { status?: number; type?: string };
      const requestId = req.id !== undefined ? String(req.id) : undefined;
      if (e.type === 'entity.too.large' || e.status === 413) {
        res.status(413).json(errorBody(413, 'The request body is too large (the limit is 1 MB).', { requestId }));
      } else if (e.type === 'entity.parse.failed') {
        res.status(400).json(errorBody(400, 'The request body is not valid JSON.', { requestId }));
      } else {
        res
          .status(e.status && e.status >= 400 && e.status < 500 ? e.status : 400)
          .json(errorBody(e.status && e.status < 500 ? e.status : 400, 'The request body could not be read.', { requestId }));
      }
    });
  };
}
