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
  ];
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
