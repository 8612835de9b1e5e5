import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { createLogger, createPrettyLogger, formatOf, NestPinoLogger, prettyOptions, requestLevel, requestLogger } from './logger';

/** The log of a logger written in its worker thread: waits until `until` holds (or 10 s). */
async function logOf(file: string, until: (text: string) => boolean): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (until(text)) return text;
    await new Promise((r) => setTimeout(r, 50));
  }
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** What Nest says while it starts, in its own words (context, message), as the app's start logs it. */
function nestStart(nest: NestPinoLogger): void {
  nest.log('Starting Nest application...', 'NestFactory');
  for (let i = 0; i < 30; i++) nest.log(`Module${i} dependencies initialized`, 'InstanceLoader');
  for (let i = 0; i < 20; i++) {
    nest.log(`Controller${i} {/api/x${i}}:`, 'RoutesResolver');
    nest.log(`Mapped {/api/x${i}, GET} route`, 'RouterExplorer');
  }
  nest.log('Nest application successfully started', 'NestApplication');
  nest.log('created the admin account owner@studio.test (owner)', 'BootstrapAdmin');
}

describe('the log (decision 0044: short on a terminal, JSON otherwise)', () => {
  let dir: string;
  const loggers: Logger[] = [];
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'log-'))));
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    // the pretty loggers' worker threads end with their streams
    await Promise.all(
      loggers.map((l) => new Promise<void>((resolve) => (l as unknown as { flush: (cb: () => void) => void }).flush(() => resolve()))),
    );
  });

  it.each([
    [200, 'json', 'info'],
    [304, 'json', 'info'],
    [401, 'json', 'warn'],
    [404, 'json', 'warn'],
    [500, 'json', 'error'],
    [503, 'json', 'error'],
    [200, 'pretty', 'debug'],
    [401, 'pretty', 'debug'],
    [404, 'pretty', 'debug'],
    [500, 'pretty', 'error'],
  ] as const)('a %s answer is logged at %s… in the %s format', (status, format, level) => {
    expect(requestLevel(status, format)).toBe(level);
  });

  it('json: each request is the JSON line it always was, with no query value, at info, warn or error', async () => {
    const file = join(dir, 'app.log');
    const logger = createLogger('info', file);
    expect(formatOf(logger)).toBe('json');
    const log = requestLogger(logger);
    log({ id: 'r1', method: 'GET', url: '/api/projects?q=Ann%20Lee&range=[0,24]', statusCode: 200, elapsed: 12.4 });
    log({ id: 'r2', method: 'POST', url: '/api/login', statusCode: 401, elapsed: 3 });
    log({ id: 'r3', method: 'GET', url: '/api/boom', statusCode: 500, elapsed: 1 });
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        req: { id: 'r1', method: 'GET', url: '/api/projects?q=[redacted]&range=[redacted]' },
        res: { statusCode: 200 },
        responseTime: 12,
        msg: 'request completed',
      }),
      expect.objectContaining({ level: 40, req: expect.objectContaining({ id: 'r2' }), res: { statusCode: 401 } }),
      expect.objectContaining({ level: 50, req: expect.objectContaining({ id: 'r3' }), res: { statusCode: 500 } }),
    ]);
    expect(readFileSync(file, 'utf8')).not.toContain('Ann');
  });

  it("json: Nest's start is one line (its modules and routes at debug), its own messages stay at info", () => {
    const file = join(dir, 'app.log');
    nestStart(new NestPinoLogger(createLogger('info', file)));
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.level, l.context, l.msg])).toEqual([
      [30, 'NestApplication', 'Nest application successfully started'],
      [30, 'BootstrapAdmin', 'created the admin account owner@studio.test (owner)'],
    ]);
    // LOG_LEVEL=debug shows them all
    const debugFile = join(dir, 'debug.log');
    nestStart(new NestPinoLogger(createLogger('debug', debugFile)));
    expect(readFileSync(debugFile, 'utf8').trim().split('\n')).toHaveLength(1 + 30 + 40 + 2);
  });

  it('pretty: one short line per message, with the time, level, [context], and no JSON; requests only at debug', async () => {
    const file = join(dir, 'pretty.log');
    const logger = createPrettyLogger('info', file);
    loggers.push(logger);
    expect(formatOf(logger)).toBe('pretty');
    nestStart(new NestPinoLogger(logger));
    const log = requestLogger(logger);
    log({ id: 'r1', method: 'GET', url: '/assets/index.js', statusCode: 200, elapsed: 2 });
    log({ id: 'r2', method: 'GET', url: '/api/user', statusCode: 401, elapsed: 2 });
    log({ id: 'r3', method: 'GET', url: '/api/boom?token=abc', statusCode: 500, elapsed: 7.2 });
    new NestPinoLogger(logger).error('GET /api/boom: it broke', 'Error: it broke\n    at here (x.ts:1:1)', 'HttpErrorFilter');
    const text = await logOf(file, (t) => t.includes('it broke'));
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: \[BootstrapAdmin\] created the admin account owner@studio\.test \(owner\)$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] ERROR: GET \/api\/boom\?token=\[redacted\] 500 7 ms$/);
    expect(lines[2]).toMatch(/^\[\d\d:\d\d:\d\d\] ERROR: \[HttpErrorFilter\] GET \/api\/boom: it broke$/);
    // the stack follows, indented under its line
    expect(lines.slice(3)).toEqual(['    Error: it broke', '        at here (x.ts:1:1)']);
    expect(text).not.toMatch(/"level"|InstanceLoader|RouterExplorer|Mapped|successfully started|index\.js|api\/user|abc/);
    // no colour codes when the output is not a terminal
    expect(text).not.toContain('\u001b[');
  });

  it('pretty at LOG_LEVEL=debug: every request and every start line, each on one line', async () => {
    const file = join(dir, 'pretty-debug.log');
    const logger = createPrettyLogger('debug', file);
    loggers.push(logger);
    nestStart(new NestPinoLogger(logger));
    requestLogger(logger)({ id: 'r1', method: 'GET', url: '/auth?tab=register&email=a%40b.c', statusCode: 200, elapsed: 1 });
    const text = await logOf(file, (t) => t.includes('/auth'));
    expect(text).toMatch(/DEBUG: \[RouterExplorer\] Mapped \{\/api\/x19, GET\} route\n/);
    expect(text).toMatch(/DEBUG: GET \/auth\?tab=\[redacted\]&email=\[redacted\] 200 1 ms\n/);
    expect(text.trimEnd().split('\n')).toHaveLength(1 + 30 + 40 + 2 + 1);
  });

  it('colours only a terminal, and not with NO_COLOR', () => {
    expect(prettyOptions({ isTTY: true }, {})).toMatchObject({ colorize: true, ignore: 'pid,hostname,context' });
    expect(prettyOptions({ isTTY: false }, {})).toMatchObject({ colorize: false });
    expect(prettyOptions({}, {})).toMatchObject({ colorize: false });
    expect(prettyOptions({ isTTY: true }, { NO_COLOR: '1' })).toMatchObject({ colorize: false });
  });

  it('LOG_LEVEL=silent writes nothing and starts no worker thread, whatever the format', () => {
    const logger = createLogger('silent', undefined, 'pretty');
    expect(logger.isLevelEnabled('fatal')).toBe(false);
    expect(formatOf(logger)).toBe('json');
  });
});
