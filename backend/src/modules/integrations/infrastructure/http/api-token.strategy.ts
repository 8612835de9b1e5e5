import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import type { TokenAuthentication } from '../../../../shared/auth/access';
import { bearerOf } from '../../../../shared/auth/bearer-token';
import { dropStrategy, ownStrategy, StrategyNames } from '../../../../shared/auth/strategies';
import { ApiTokens } from '../../application/api-tokens';

/**
 * passport's strategy for `Authorization: Bearer sp_…` (CONTRACT §9): the token's admin and scope, or
 * false for an unknown, revoked or expired token. Only the header counts: a token in the address is
 * refused before this runs, one in a body is not looked for.
 */
@Injectable()
export class ApiTokenStrategy extends PassportStrategy(Strategy, 'api-token') implements OnModuleDestroy {
  constructor(
    private readonly tokens: ApiTokens,
    private readonly names: StrategyNames,
  ) {
    super();
    ownStrategy(this, 'api-token', names.apiToken);
  }

  async validate(req: FastifyRequest): Promise<TokenAuthentication | false> {
    const token = bearerOf(req);
    return (token && (await this.tokens.authenticate(token))) || false;
  }

  onModuleDestroy(): void {
    dropStrategy(this.names.apiToken);
  }
}
