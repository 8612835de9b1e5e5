import type { ApiToken, TokenScope } from '../../domain/api-token';

/** A live token's row as sign-in by token needs it: its hash to compare and the admin it acts for. */
export interface TokenCandidate {
  id: number;
  name: string;
  scope: TokenScope;
  hash: string;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  adminId: number;
}

/** Port: API tokens, kept as hashes. */
export abstract class ApiTokenRepository {
  abstract create(input: {
    name: string;
    scope: TokenScope;
    hint: string;
    hash: string;
    createdBy: number;
    expiresAt: Date | null;
  }): Promise<ApiToken>;
  /** Tokens not revoked, newest first. */
  abstract list(): Promise<ApiToken[]>;
  /** Live (not revoked) tokens whose first characters are `hint`, each with its admin if that admin is still an admin. */
  abstract candidates(hint: string): Promise<TokenCandidate[]>;
  /** Revokes a live token; false when there is none with that id. */
  abstract revoke(id: number, now: Date): Promise<ApiToken | null>;
  abstract markUsed(id: number, now: Date): Promise<void>;
}
