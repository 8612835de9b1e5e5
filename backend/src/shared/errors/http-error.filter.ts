import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { redactUrl } from '../logging/redact-url';
import { DomainError, DomainErrorKind } from './domain-error';

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  validation: 400,
  rule_violated: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  too_many_requests: 429,
  unavailable: 503,
};

/** What a request Fastify could not take in is told, by status. */
const READING_MESSAGES: Record<number, string> = {
  413: 'The request body is too large (the limit is 1 MB).',
  415: 'The request body must be JSON.',
};

/** The error body of CONTRACT §2 / STYLE "Errors". */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  errors?: Record<string, string>;
  requestId?: string;
}

export function errorBody(
  statusCode: number,
  message: string,
  extra: { code?: string; errors?: Record<string, string>; requestId?: string } = {},
): ErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(extra.code ? { code: extra.code } : {}),
    ...(extra.errors ? { errors: extra.errors } : {}),
    ...(extra.requestId ? { requestId: extra.requestId } : {}),
  };
}

/** Turns anything thrown into `{statusCode, error, message, code?, errors?}`; never leaks a stack. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const req = ctx.getRequest<FastifyRequest>();
    const requestId = req.id ? String(req.id) : undefined;
    const body = this.toBody(exception, req, requestId);
    if (reply.sent) return;
    reply.status(body.statusCode).send(body);
  }

  /** The body (and status) of the answer to `exception`; also what the Idempotency-Key interceptor keeps of a 4xx. */
  toBody(exception: unknown, req: FastifyRequest, requestId?: string): ErrorBody {
    if (exception instanceof DomainError) {
      return errorBody(STATUS_BY_KIND[exception.kind], exception.message, {
        code: exception.code,
        errors: exception.fields,
        requestId,
      });
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      let message = exception.message;
      let errors: Record<string, string> | undefined;
      let code: string | undefined;
      if (typeof response === 'string') message = response;
      else if (response && typeof response === 'object') {
        const r = response as { message?: unknown; errors?: Record<string, string>; code?: string };
        if (Array.isArray(r.message)) message = String(r.message[0] ?? message);
        else if (typeof r.message === 'string') message = r.message;
        errors = r.errors;
        code = r.code;
      }
      if (status === HttpStatus.NOT_FOUND && message.startsWith('Cannot ')) {
        message = `No route for ${req.method} ${req.url.split('?', 1)[0]}`;
      }
      // Errors of Fastify's own (the body parser, the router) carry its wording: ours instead.
      if (typeof response === 'string' && READING_MESSAGES[status]) message = READING_MESSAGES[status];
      if (status >= 500) this.logger.error(`${req.method} ${redactUrl(req.url)}: ${exception.message}`, exception.stack);
      return errorBody(status, message, { code, errors, requestId });
    }
    const clientStatus = (exception as { statusCode?: unknown })?.statusCode;
    if (typeof clientStatus === 'number' && clientStatus >= 400 && clientStatus < 500) {
      // Fastify's JSON parser refusing a body (a SyntaxError marked 400), or another request it could not read.
      const message =
        exception instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : (READING_MESSAGES[clientStatus] ?? 'The request could not be read.');
      return errorBody(clientStatus, message, { requestId });
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`${req.method} ${redactUrl(req.url)}: the database is not answering (${describe(exception)})`);
      return errorBody(503, 'The service is temporarily unavailable. Please try again.', { code: 'DATABASE_UNAVAILABLE', requestId });
    }
    const err = exception as Error & { status?: number; type?: string };
    this.logger.error(`${req.method} ${redactUrl(req.url)}: ${err?.message ?? exception}`, err?.stack);
    return errorBody(500, 'Something went wrong on our side. Please try again.', { requestId });
  }
}

/** Socket errors of a connection to the database server that could not be made or was cut. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // a query written to a socket the server has just closed (a shutdown between two statements)
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
]);
/** node-postgres' own messages for a connection lost, closed under a query, or not obtained in time. */
const CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * True when the error says the database server cannot be reached right now (stopped, restarting,
 * shutting down, out of connections): a 503 the client may retry, not a bug. SQLSTATE class 08 is
 * a connection exception, 57P01-57P03 an administrator/crash shutdown or a server not yet
 * accepting connections, 53300 too many connections. TypeORM keeps the driver's error in `driverError`.
 */
export function isDatabaseUnavailable(exception: unknown): boolean {
  // TypeORM gives a transaction's connection back when the server cuts it (its 'error' event); the
  // transaction's next statement, or its COMMIT, then fails with these rather than with the cut itself.
  if (exception instanceof QueryRunnerAlreadyReleasedError || exception instanceof QueryRunnerProviderAlreadyReleasedError) return true;
  for (let e = exception as { code?: unknown; message?: unknown; driverError?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_ERRNOS.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
    e = e.driverError as typeof e;
  }
  return false;
}

function describe(exception: unknown): string {
  const e = exception as { code?: unknown; message?: unknown };
  return [e?.code, e?.message].filter((x) => typeof x === 'string' && x).join(': ') || String(exception);
}
