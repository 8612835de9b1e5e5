import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { UserRepository } from '../../clients';
import { AuditTrail } from '../../../shared/audit/audit-trail';
import { quoted } from '../../../shared/audit/summary';
import type { TokenAuthentication } from '../../../shared/auth/access';
import { NotFoundError } from '../../../shared/errors/domain-error';
import { tokenHash } from '../../../shared/security/token-hash';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import {
  isExpired,
  isWellFormedToken,
  LAST_USED_PRECISION_MS,
  sameHash,
  TOKEN_PREFIX,
  tokenHint,
  type ApiToken,
  type TokenScope,
} from '../domain/api-token';
import { ApiTokenRepository } from './ports/api-token.repository';

export interface CreatedToken extends ApiToken {
  /** The token itself: in this answer only, never stored. */
  token: string;
}

/**
 * API tokens for integrators (CONTRACT §9): made by the admin, shown once, kept as a SHA-256; a request
 * with `Authorization: Bearer` acts as the admin who made the token, within its scope, until it is
 * revoked or expires or that admin is gone.
 */
@Injectable()
export class ApiTokens {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly users: UserRepository,
    private readonly audit: AuditTrail,
    private readonly tx: TransactionHost,
  ) {}

  async create(input: { name: string; scope: TokenScope; expiresInDays?: number }, adminId: number): Promise<CreatedToken> {
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const now = Date.now();
    const expiresAt = input.expiresInDays ? new Date(now + input.expiresInDays * 86_400_000) : null;
    return this.tx.run(async () => {
      const saved = await this.tokens.create({
        name: input.name.trim(),
        scope: input.scope,
        hint: tokenHint(token),
        hash: tokenHash(token),
        createdBy: adminId,
        expiresAt,
      });
      await this.audit.record({
        action: 'api_token.created',
        targetType: 'api_token',
        targetId: saved.id,
        summary: `Created ${saved.scope} API token ${quoted(saved.name)}${expiresAt ? `, expiring ${expiresAt.toISOString().slice(0, 10)}` : ''}`,
      });
      return { ...saved, token };
    });
  }

  list(): Promise<ApiToken[]> {
    return this.tokens.list();
  }

  async revoke(id: number): Promise<void> {
    await this.tx.run(async () => {
      const revoked = await this.tokens.revoke(id, new Date());
      if (!revoked) throw new NotFoundError('API_TOKEN.NOT_FOUND', 'API token not found');
      await this.audit.record({
        action: 'api_token.revoked',
        targetType: 'api_token',
        targetId: revoked.id,
        summary: `Revoked API token ${quoted(revoked.name)}`,
      });
    });
  }

  async authenticate(token: string): Promise<TokenAuthentication | null> {
    if (!isWellFormedToken(token)) return null;
    const hash = tokenHash(token);
    const now = new Date();
    const match = (await this.tokens.candidates(tokenHint(token))).find((c) => sameHash(c.hash, hash));
    if (!match || isExpired(match, now)) return null;
    const admin = await this.users.findById(match.adminId);
    if (!admin || admin.isDeleted || !admin.isAdmin) return null;
    if (!match.lastUsedAt || now.getTime() - match.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) await this.tokens.markUsed(match.id, now);
    return { account: admin, scope: match.scope, tokenId: match.id, tokenName: match.name };
  }
}
