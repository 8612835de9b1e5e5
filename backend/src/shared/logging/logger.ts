import type { LoggerService } from '@nestjs/common';
import pino, { type Level, type Logger } from 'pino';
import { redactUrl } from './redact-url';

/** How the log is written (LOG_FORMAT, decision 0044): short lines for a person, or JSON lines for a collector. */
export type LogFormat = 'pretty' | 'json';

/**
 * The process's one pino logger: Fastify's requests are logged with it (requestLogger), and Nest's own
 * messages go to it through NestPinoLogger.
 * - `json`: one JSON object a line on standard output, written asynchronously (under load, lines are
 *   gathered into few writes). What a log collector reads; npm start's default when its output is not a
 *   terminal.
 * - `pretty`: pino-pretty's short, coloured lines (`[12:04:31] INFO: [BootstrapAdmin] created the admin…`),
 *   formatted in a worker thread (pino.transport), so a request never waits for the formatting. The
 *   default on a terminal.
 * - `file`: written to that file as JSON, line by line, whatever the format (the API tests read the log
 *   that way).
 * Request lines carry the request's id, method, address and status only: no header, so no cookie or
 * token can reach the log, and the address's query values are replaced (redactUrl).
 */
export function createLogger(level: string, file?: string, format: LogFormat = 'json'): Logger {
  if (file) return pino({ level }, pino.destination({ dest: file, sync: true }));
  // nothing is written: no stream, no worker thread
  if (level === 'silent') return pino({ level, enabled: false });
  if (format === 'json') return pino({ level }, pino.destination({ dest: 1, sync: false }));
  return createPrettyLogger(level);
}

/** A pretty logger (see createLogger) writing to `destination`: standard output, or a file (tests). */
export function createPrettyLogger(level: string, destination: number | string = 1): Logger {
  const options = { ...prettyOptions(destination === 1 ? process.stdout : {}), destination };
  const logger = pino({ level }, pino.transport({ target: 'pino-pretty', options }));
  prettyLoggers.add(logger);
  return logger;
}

/** The loggers createPrettyLogger made; any other logger writes JSON. */
const prettyLoggers = new WeakSet<Logger>();

/** The format a logger writes in. */
export function formatOf(logger: Logger): LogFormat {
  return prettyLoggers.has(logger) ? 'pretty' : 'json';
}

/**
 * pino-pretty's settings: the time of day, the level, `[context]` and the message on one line; the
 * process id and host name left out (one machine, one terminal). Colour only on a terminal that has it
 * (NO_COLOR turns it off); asked here, as the worker thread's standard output is not the terminal.
 */
export function prettyOptions(stdout: { isTTY?: boolean } = process.stdout, env: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  return {
    colorize: Boolean(stdout.isTTY) && !env.NO_COLOR,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,context',
    // `msg` stays outside the conditional block: pino-pretty reads `{…}` in what a block puts in again
    messageFormat: '{if context}[{context}] {end}{msg}',
    singleLine: false,
  };
}

/** What one answered request gives the log (Fastify's request and reply, flattened). */
export interface AnsweredRequest {
  id: string;
  method: string;
  url: string;
  statusCode: number;
  /** ms from the request's arrival to the answer's end */
  elapsed: number;
}

/**
 * Logs each answered request (decision 0044). `json`: the line it always was, `request completed` with
 * `req` {id, method, url}, `res` {statusCode} and `responseTime`, at info (a 4xx at warn, a 5xx at error),
 * for the log collector. `pretty`: one short line, `GET /api/projects 200 12 ms`, at debug (LOG_LEVEL=debug
 * shows them), a 5xx at error: a page in the browser is twenty requests, and a person at the terminal
 * wants to see what went wrong, not every file the page loaded.
 */
export function requestLogger(logger: Logger): (request: AnsweredRequest) => void {
  const format = formatOf(logger);
  return (r) => {
    const level = requestLevel(r.statusCode, format);
    if (!logger.isLevelEnabled(level)) return;
    const url = redactUrl(r.url);
    const responseTime = Math.round(r.elapsed);
    if (format === 'pretty') logger[level](`${r.method} ${url} ${r.statusCode} ${responseTime} ms`);
    else logger[level]({ req: { id: r.id, method: r.method, url }, res: { statusCode: r.statusCode }, responseTime }, 'request completed');
  };
}

/** The level of a request's line: see requestLogger. */
export function requestLevel(statusCode: number, format: LogFormat): Level {
  if (statusCode >= 500) return 'error';
  if (format === 'pretty') return 'debug';
  return statusCode >= 400 ? 'warn' : 'info';
}

/**
 * Nest's messages about its own start, a line per module, controller and route (170 lines at every
 * start): at debug, as they describe the code rather than this run. LOG_LEVEL=debug shows them.
 */
const NEST_START_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer']);
/** On a terminal, "Nest application successfully started" too: the start banner that follows says more. */
const NEST_STARTED_CONTEXT = 'NestApplication';

/** Nest's LoggerService on a pino logger: `context` becomes a field, an error's stack another. */
export class NestPinoLogger implements LoggerService {
  private readonly pretty: boolean;
  private readonly quiet: Set<string>;

  constructor(private readonly logger: Logger) {
    this.pretty = formatOf(logger) === 'pretty';
    this.quiet = new Set([...NEST_START_CONTEXTS, ...(this.pretty ? [NEST_STARTED_CONTEXT] : [])]);
  }

  log(message: unknown, context?: string): void {
    if (context !== undefined && this.quiet.has(context)) this.logger.debug(this.fields(context), String(message));
    else this.logger.info(this.fields(context), String(message));
  }
  error(message: unknown, stackOrContext?: string, context?: string): void {
    const stack = context === undefined ? undefined : stackOrContext;
    // pretty: `type: 'Error'` has pino-pretty print the stack's lines under the message, not as one JSON string
    const fields = stack ? (this.pretty ? { type: 'Error', stack } : { stack }) : {};
    this.logger.error({ ...this.fields(context ?? stackOrContext), ...fields }, String(message));
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
