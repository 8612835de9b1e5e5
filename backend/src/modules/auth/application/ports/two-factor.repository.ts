/** An account's authenticator secret: set up, then enabled once a first code proves the app has it. */
export interface TwoFactorSecret {
  secret: string;
  /** The latest time step a code was accepted at for sign-in; codes of it and earlier steps are refused. */
  lastUsedStep: number | null;
}

/** Port: two-factor secrets, recovery codes and the on/off mark on the account. */
export abstract class TwoFactorRepository {
  abstract find(userId: number): Promise<TwoFactorSecret | null>;
  /** Stores a new secret for an account whose two-factor sign-in is off (a second setup replaces the first). */
  abstract saveSecret(userId: number, secret: string): Promise<void>;
  /** Turns two-factor sign-in on with these recovery code hashes; false when it was on already. */
  abstract enable(userId: number, recoveryCodeHashes: string[], now: Date): Promise<boolean>;
  /** Turns it off: the secret and the recovery codes are deleted. */
  abstract disable(userId: number): Promise<void>;
  /** Marks `step` used; false when it or a later one was used already (a replayed code). Atomic. */
  abstract claimStep(userId: number, step: number): Promise<boolean>;
  /** Spends an unused recovery code by its hash; false when there is none such. Atomic. */
  abstract useRecoveryCode(userId: number, codeHash: string, now: Date): Promise<boolean>;
  abstract unusedRecoveryCodes(userId: number): Promise<number>;
}
