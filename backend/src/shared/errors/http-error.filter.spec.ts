import { ConsoleLogger, InternalServerErrorException, Logger, type ArgumentsHost } from '@nestjs/common';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, NestPinoLogger } from '../logging/logger';
import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { DomainError, NotFoundError, TooLargeError, UnsupportedTypeError } from './domain-error';
import { HttpErrorFilter, isDatabaseUnavailable } from './http-error.filter';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable: which errors are a 503 (the database not answering) rather than a bug', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET')],
    ['server shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a write on a socket the server closed', withCode('ERR_STREAM_DESTROYED', 'Cannot call write after a stream was destroyed')],
    ['a query on a client the shutdown closed', new Error('Client was closed and is not queryable')],
    ['wrapped by TypeORM', new QueryFailedError('SELECT 1', [], withCode('57P01'))],
    // a transaction whose connection the server cut: TypeORM released it, the next statement or COMMIT fails so
    ['the next statement of a transaction whose connection was cut', new QueryRunnerProviderAlreadyReleasedError()],
    ['the COMMIT of a transaction whose connection was cut', new QueryRunnerAlreadyReleasedError()],
  ])('%s: yes', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], withCode('23505', 'duplicate key value'))],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
    ['a string', 'boom'],
  ])('%s: no', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('HttpErrorFilter: a domain error becomes the status of its kind, with its code and message', () => {
  const answer = (exception: unknown) => {
    const sent: { status?: number; body?: unknown } = {};
    const reply = {
      sent: false,
      status(code: number) {
        sent.status = code;
        return this;
      },
      send(body: unknown) {
        sent.body = body;
        return this;
      },
    };
    const host = { switchToHttp: () => ({ getResponse: () => reply, getRequest: () => ({ id: 'req-1', method: 'POST', url: '/x' }) }) };
    new HttpErrorFilter().catch(exception, host as unknown as ArgumentsHost);
    return sent;
  };

  it.each([
    [new TooLargeError('GALLERY.TOO_LARGE', 'a.jpg is larger than 50 MB'), 413, 'Payload Too Large'],
    [new UnsupportedTypeError('GALLERY.UNSUPPORTED_TYPE', 'a.txt is not an image'), 415, 'Unsupported Media Type'],
    [new DomainError('validation', 'GALLERY.BAD_UPLOAD', 'The upload is incomplete'), 400, 'Bad Request'],
    [new NotFoundError('GALLERY.PHOTO_NOT_FOUND', 'Photo not found'), 404, 'Not Found'],
  ])('%s', (error, status, name) => {
    expect(answer(error)).toEqual({
      status,
      body: { statusCode: status, error: name, message: error.message, code: error.code, requestId: 'req-1' },
    });
  });
});

describe('HttpErrorFilter: what it logs of a request keeps no query value (CONTRACT §12)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'filter-log-'));
  });
  afterAll(() => {
    Logger.overrideLogger(false);
    Logger.overrideLogger(new ConsoleLogger());
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['a bug (500)', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['the database not answering (503)', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['an HttpException of 500', new InternalServerErrorException('boom')],
  ])('%s: the line names the path and the parameters, no value', (_name, exception) => {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.log`);
    Logger.overrideLogger(new NestPinoLogger(createLogger('info', file)));
    const reply = { sent: false, status: () => reply, send: () => reply };
    const url = '/verify-email?token=s3cr3tV4lue&sig=abcdef0123';
    const host = { switchToHttp: () => ({ getResponse: () => reply, getRequest: () => ({ id: 'req-2', method: 'GET', url }) }) };
    new HttpErrorFilter().catch(exception, host as unknown as ArgumentsHost);
    const logged = readFileSync(file, 'utf8');
    expect(logged).toContain('GET /verify-email?token=[redacted]&sig=[redacted]');
    expect(logged).not.toContain('s3cr3tV4lue');
    expect(logged).not.toContain('abcdef0123');
  });
});
