import { DomainError } from '../errors/domain-error';

/** An IANA time zone from the browser ("Europe/Paris"); UTC when absent; 400 when unknown. */
export function timeZone(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'UTC';
  if (typeof value !== 'string' || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) throw badZone();
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    throw badZone();
  }
  return value;
}

const badZone = () => new DomainError('validation', 'REQUEST.BAD_TIME_ZONE', 'tz must be a time zone such as Europe/Paris');
