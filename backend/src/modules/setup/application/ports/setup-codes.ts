/** What a wrong try did to the printed code. */
export type WrongTry = 'counted' | 'replaced';

/**
 * Port: where the printed setup code is kept (its hash only, with its wrong tries). One code at a time:
 * the latest printed is the one that works.
 */
export abstract class SetupCodes {
  /** Keeps `hash` as the one valid code (replacing any earlier one) with no wrong tries. */
  abstract replace(hash: string): Promise<void>;
  /**
   * In one atomic step: when `hash` is not the kept code's, counts a wrong try, and at the fifth puts
   * `replacementHash` in its place with its count at zero. Null when `hash` is the kept code's, or when
   * no code is kept (the caller then finds out which when it consumes).
   */
  abstract countWrongTry(hash: string, replacementHash: string): Promise<WrongTry | null>;
  /**
   * Uses the code up, in the open transaction (its row stays locked until the transaction ends, so two
   * tries with the right code cannot both succeed). False when `hash` is not the kept code's.
   */
  abstract consume(hash: string): Promise<boolean>;
}
