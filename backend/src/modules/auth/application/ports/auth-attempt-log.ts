import type { AttemptKind, AttemptLimit, FailureSpread } from '../../domain/sign-in-limits';

/** Port: counts of sign-in tries and code requests per account (and client address), shared by every app instance. */
export abstract class AuthAttemptLog {
  /**
   * The one way a try is counted: a try of `limit`'s kind on `subject` (an account's e-mail address,
   * known or not) from `address`, checked against `limit` and recorded in one atomic step, committed at
   * once whatever the caller does next. Answers the recorded try's id, or null when the limit was
   * already reached (the try is then not recorded: a refused try counts for nothing). Parallel tries on
   * one subject take turns, so no burst can pass a limit.
   */
  abstract recordIfUnder(limit: AttemptLimit, subject: string, address: string | null): Promise<number | null>;
  /** Tries of `kind` on `subject` within the window ending now. */
  abstract countWithin(kind: AttemptKind, subject: string, windowMs: number): Promise<number>;
  /** Tries of `kind` on `subject` within the window, and the distinct client addresses they came from. */
  abstract spreadWithin(kind: AttemptKind, subject: string, windowMs: number): Promise<FailureSpread>;
  /** Takes back a recorded try that turned out to be a success (a right password, a right code). */
  abstract forget(id: number): Promise<void>;
}
