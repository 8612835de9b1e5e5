import type { AttemptKind } from '../../domain/sign-in-limits';

/** Port: counts of sign-in tries and code requests per account (and client address), shared by every app instance. */
export abstract class AuthAttemptLog {
  /**
   * Records one try and answers its id. Recorded before it is judged and committed at once, so a count
   * taken after it includes every try recorded earlier: parallel tries cannot all see a count under a limit.
   */
  abstract record(kind: AttemptKind, subject: string, address?: string | null): Promise<number>;
  /** Tries of `kind` on `subject` since `since`; from one address only when `address` is given. */
  abstract countSince(kind: AttemptKind, subject: string, since: Date, address?: string | null): Promise<number>;
  /** Takes back a recorded try that turned out to be a success (a right password, a right code). */
  abstract forget(id: number): Promise<void>;
}
