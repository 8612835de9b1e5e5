import type { PendingSignIn } from '../../domain/two-factor';

/** Port: sign-ins waiting for their second proof, by the SHA-256 of the token in their cookie. */
export abstract class PendingSignIns {
  abstract create(tokenHash: string, pending: PendingSignIn): Promise<void>;
  /** The pending sign-in, its row locked until the open transaction ends (parallel guesses take turns). */
  abstract findForUpdate(tokenHash: string): Promise<PendingSignIn | null>;
  abstract recordFailure(tokenHash: string): Promise<void>;
  abstract remove(tokenHash: string): Promise<void>;
}
