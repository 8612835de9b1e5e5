import { Injectable } from '@nestjs/common';
import type { User } from '../../../clients';
import { EmailOutbox, passwordKnownEmail } from '../../../email';
import { AppConfig } from '../../../../shared/config/app-config';
import { signInLocked } from '../../domain/auth.errors';
import { SECOND_PROOF_NOTICE, SECOND_PROOF_TRIES, secondProofsExhausted } from '../../domain/sign-in-limits';
import { AuthAttemptLog } from '../ports/auth-attempt-log';

/**
 * CONTRACT §12: second proofs (TOTP, recovery code, e-mailed code) are capped per account, whatever the
 * addresses and pending sign-ins they come through. Each is recorded before it is judged (taken back
 * when right); once 20 wrong ones were counted in 15 minutes, further second steps of the account answer
 * 429 for the rest of the window, the right code too. Whoever gives them knows the password, so the owner
 * is told, once per window, through the outbox.
 */
@Injectable()
export class SecondProofCap {
  constructor(
    private readonly attempts: AuthAttemptLog,
    private readonly outbox: EmailOutbox,
    private readonly config: AppConfig,
  ) {}

  /** Records a second proof on the account, or 429 (nothing recorded) when its second proofs ran out. Answers the try, for `forget`. */
  async begin(account: User, address: string | null): Promise<number> {
    const id = await this.attempts.recordIfUnder(SECOND_PROOF_TRIES, account.email, address);
    if (id !== null) return id;
    await this.tellOwner(account); // normally told already by the wrong proof that reached the cap
    throw signInLocked();
  }

  /** The proof was wrong (its try stays counted): when that was the last one allowed, the owner is told. */
  async failed(account: User): Promise<void> {
    if (secondProofsExhausted(await this.attempts.countWithin(SECOND_PROOF_TRIES.kind, account.email, SECOND_PROOF_TRIES.windowMs))) {
      await this.tellOwner(account);
    }
  }

  /** The proof was right, or never judged: it does not count. */
  forget(tryId: number): Promise<void> {
    return this.attempts.forget(tryId);
  }

  /** Queues the notice unless one was queued in the window (counted like any limit: one at most, even from parallel tries). */
  private async tellOwner(account: User): Promise<void> {
    const notice = await this.attempts.recordIfUnder(SECOND_PROOF_NOTICE, account.email, null);
    if (notice === null) return;
    await this.outbox.enqueue(
      passwordKnownEmail({
        to: account.email,
        username: account.username,
        wrongCodes: SECOND_PROOF_TRIES.max,
        lockMinutes: SECOND_PROOF_TRIES.windowMs / 60000,
        appUrl: this.config.appUrl,
      }),
    );
  }
}
