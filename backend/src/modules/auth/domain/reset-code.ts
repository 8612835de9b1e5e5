/** CONTRACT §5: a password-reset code is 6 random digits, kept hashed, valid 15 minutes, burnt by 5 wrong tries. */
export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_CODE_LENGTH = 6;

/** Draws a code from `randomInt(max)` (exclusive), zero-padded to 6 digits. */
export function generateResetCode(randomInt: (max: number) => number): string {
  return String(randomInt(10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
}

export function isWellFormedResetCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

export class ResetCode {
  private constructor(
    readonly hash: string,
    readonly expiresAt: Date,
    readonly failedAttempts: number,
  ) {}

  static issue(hash: string, now: Date): ResetCode {
    return new ResetCode(hash, new Date(now.getTime() + RESET_CODE_TTL_MS), 0);
  }

  static restore(hash: string, expiresAt: Date, failedAttempts: number): ResetCode {
    return new ResetCode(hash, expiresAt, failedAttempts);
  }

  isUsable(now: Date): boolean {
    return now.getTime() < this.expiresAt.getTime() && this.failedAttempts < RESET_CODE_MAX_ATTEMPTS;
  }

  /** The code after a wrong guess, or null once it is burnt. */
  afterWrongGuess(): ResetCode | null {
    const attempts = this.failedAttempts + 1;
    return attempts >= RESET_CODE_MAX_ATTEMPTS ? null : new ResetCode(this.hash, this.expiresAt, attempts);
  }
}
