import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

/**
 * The process's one pino logger: Fastify logs each request with it, and Nest's own messages go to it
 * through NestPinoLogger. Written asynchronously: under load, lines are gathered into few writes.
 * Request lines carry the request's id, method, address and status only: no header, so no cookie or
 * token can reach the log, and the address's query values are replaced (redactUrl). `file`: written to
 * that file instead of standard output, line by line (the API tests read the log that way).
 */
export function createLogger(level: string, file?: string): Logger {
  return pino({ level }, file ? pino.destination({ dest: file, sync: true }) : pino.destination({ dest: 1, sync: false }));
}

/** Nest's LoggerService on a pino logger: `context` becomes a field, an error's stack another. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info(this.fields(context), String(message));
  }
  error(message: unknown, stackOrContext?: string, context?: string): void {
    const stack = context === undefined ? undefined : stackOrContext;
    this.logger.error({ ...this.fields(context ?? stackOrContext), ...(stack ? { stack } : {}) }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn(this.fields(context), String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug(this.fields(context), String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace(this.fields(context), String(message));
  }

  private fields(context: string | undefined): Record<string, string> {
    return context ? { context } : {};
  }
}
