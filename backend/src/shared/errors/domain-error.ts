/**
 * Errors raised by domain and application code. They know nothing of HTTP: the global
 * filter maps each kind to a status code. `message` is the sentence the user reads.
 */
export type DomainErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rule_violated'
  /** Something sent is larger than a limit (an uploaded file over its maximum size). */
  | 'too_large'
  /** Something sent is of a type the use case does not take (a file that is not an image). */
  | 'unsupported_type'
  | 'too_many_requests'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(code: string, message: string) {
    super('not_found', code, message);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string, fields?: Record<string, string>) {
    super('conflict', code, message, fields);
  }
}

export class ForbiddenError extends DomainError {
  constructor(code: string, message: string) {
    super('forbidden', code, message);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(code: string, message: string) {
    super('unauthenticated', code, message);
  }
}

export class RuleViolatedError extends DomainError {
  constructor(code: string, message: string, fields?: Record<string, string>) {
    super('rule_violated', code, message, fields);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(code: string, message: string) {
    super('too_many_requests', code, message);
  }
}

export class TooLargeError extends DomainError {
  constructor(code: string, message: string) {
    super('too_large', code, message);
  }
}

export class UnsupportedTypeError extends DomainError {
  constructor(code: string, message: string) {
    super('unsupported_type', code, message);
  }
}
