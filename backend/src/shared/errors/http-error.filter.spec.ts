import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from './http-error.filter';

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
