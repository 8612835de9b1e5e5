import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { tokenHash } from '../../../../shared/security/token-hash';
import { AppConfig } from '../../../../shared/config/app-config';
import { ConflictError, DomainError, TooManyRequestsError } from '../../../../shared/errors/domain-error';
import { DomainEventPublisher } from '../../../../shared/events/domain-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { EmailVerificationRequested } from '../../domain/email-verification-requested.event';
import type { User } from '../../domain/user';
import { EmailVerifications } from '../ports/email-verifications';
import { UserRepository } from '../ports/user.repository';

/** CONTRACT §8: a link is good for 7 days, once. */
export const VERIFICATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** New links an account may ask for in an hour (the welcome e-mail's and a changed address's count too). */
export const VERIFICATION_LINKS_PER_HOUR = 5;
/** How long an invitation proves the invited address. */
export const INVITATION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const LINK_INVALID = 'This verification link is invalid or has expired.';
export const VERIFIED = 'Your email address is verified.';
export const ALREADY_VERIFIED = 'Your email address is already verified.';
export const TOO_MANY_LINKS = 'Too many verification emails. Please try again in an hour.';

/**
 * Verified e-mail addresses (CONTRACT §8). A link holds 32 random bytes; the database keeps their
 * SHA-256, the address the link proves and its expiry. Using it marks the account verified if the
 * account still has that address; a used, expired, unknown or outdated link is one 400 and changes
 * nothing.
 */
@Injectable()
export class EmailVerification {
  constructor(
    private readonly links: EmailVerifications,
    private readonly users: UserRepository,
    private readonly events: DomainEventPublisher,
    private readonly tx: TransactionHost,
    private readonly config: AppConfig,
  ) {}

  /** A new link for the account's current address (inside the caller's transaction); returns its URL. */
  async issue(user: User, now = new Date()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.links.add(user.id, user.email, tokenHash(token), new Date(now.getTime() + VERIFICATION_TTL_MS));
    return `${this.config.appUrl}/verify-email?token=${token}`;
  }

  /** An invitation's token for `email` (inside the caller's transaction): registering with it verifies that address. */
  async invite(email: string, now = new Date()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.links.addInvitation(email.trim().toLowerCase(), tokenHash(token), new Date(now.getTime() + INVITATION_TTL_MS));
    return token;
  }

  /** True (and the invitation used up) when `token` is an open invitation for `email`. */
  async useInvitation(token: string, email: string, now = new Date()): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
    return this.links.useInvitation(tokenHash(token), email.trim().toLowerCase(), now);
  }

  /** A link for a changed address, sent by the e-mail module with the change (inside its transaction). */
  async issueForChangedAddress(user: User): Promise<void> {
    const url = await this.issue(user);
    await this.events.publish(new EmailVerificationRequested(user.username, user.email, url, 'changed'));
  }

  async verify(token: string, now = new Date()): Promise<void> {
    const invalid = () => new DomainError('validation', 'EMAIL.VERIFICATION_INVALID', LINK_INVALID, { token: LINK_INVALID });
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid();
    await this.tx.run(async () => {
      const link = await this.links.findForUpdate(tokenHash(token));
      if (!link || link.usedAt || link.expiresAt.getTime() <= now.getTime()) throw invalid();
      const user = await this.users.findById(link.userId);
      if (!user || user.email !== link.email) throw invalid();
      await this.links.markUsed(link.id, now);
      if (!user.emailVerified) {
        user.markEmailVerified(now);
        await this.users.save(user);
      }
    });
  }

  /** 'Send a new link' for the signed-in account. */
  async resend(userId: number, now = new Date()): Promise<string> {
    return this.tx.run(async () => {
      const recent = await this.links.countSince(userId, new Date(now.getTime() - 60 * 60 * 1000));
      const user = await this.users.findById(userId);
      if (!user) throw new DomainError('not_found', 'USERS.NOT_FOUND', 'Account not found');
      if (user.emailVerified) throw new ConflictError('EMAIL.ALREADY_VERIFIED', ALREADY_VERIFIED);
      if (recent >= VERIFICATION_LINKS_PER_HOUR) throw new TooManyRequestsError('EMAIL.TOO_MANY_LINKS', TOO_MANY_LINKS);
      const url = await this.issue(user, now);
      await this.events.publish(new EmailVerificationRequested(user.username, user.email, url, 'resend'));
      return user.email;
    });
  }
}
