import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import type { SignedInAccount } from '../../../../shared/auth/request-user';
import { dropStrategy, ownStrategy, StrategyNames } from '../../../../shared/auth/strategies';

/**
 * passport's strategy for the session cookie: the signed-in account of the request's live session, or
 * false. The session itself is read before Nest's pipeline (@fastify/session, then `sessionAccount`,
 * which ends a session past its limits and finds its account in the same statement), so this only
 * answers what that found.
 */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, 'session') implements OnModuleDestroy {
  constructor(private readonly names: StrategyNames) {
    super();
    ownStrategy(this, 'session', names.session);
  }

  validate(req: FastifyRequest): SignedInAccount | false {
    return (req.session?.passport?.user && req.user) || false;
  }

  onModuleDestroy(): void {
    dropStrategy(this.names.session);
  }
}
