/** One verification link as stored: only the SHA-256 of its token is kept. */
export interface VerificationLink {
  id: number;
  userId: number;
  /** the address the link proves (an account whose address changed since cannot use it) */
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Port: the verification links of CONTRACT §8. */
export abstract class EmailVerifications {
  abstract add(userId: number, email: string, tokenHash: string, expiresAt: Date): Promise<void>;
  /** The link with this token hash, locked until the transaction ends; null when there is none. */
  abstract findForUpdate(tokenHash: string): Promise<VerificationLink | null>;
  abstract markUsed(id: number, at: Date): Promise<void>;
  /** Locks the account's row (so parallel requests count one after another), then counts its links since `since`. */
  abstract countSince(userId: number, since: Date): Promise<number>;
  abstract addInvitation(email: string, tokenHash: string, expiresAt: Date): Promise<void>;
  /**
   * Marks the unused, unexpired invitation with this token hash for this address used; false when
   * there is none (unknown, used, expired, or made for another address).
   */
  abstract useInvitation(tokenHash: string, email: string, at: Date): Promise<boolean>;
}
