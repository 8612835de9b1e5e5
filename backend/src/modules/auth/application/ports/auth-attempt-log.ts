import type { AttemptKind } from '../../domain/sign-in-limits';

/** Port: counts of failed sign-ins and code requests per account, shared by every app instance. */
export abstract class AuthAttemptLog {
  abstract record(kind: AttemptKind, subject: string): Promise<void>;
  abstract countSince(kind: AttemptKind, subject: string, since: Date): Promise<number>;
}
