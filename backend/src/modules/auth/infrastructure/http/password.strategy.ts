import { CanActivate, ExecutionContext, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy, type IAuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-local';
import { RequestContext } from '../../../../shared/audit/request-context';
import { credentialGuard } from '../../../../shared/auth/authority.guard';
import { dropStrategy, ownStrategy, StrategyNames } from '../../../../shared/auth/strategies';
import { createValidationPipe } from '../../../../shared/http/validation';
import { LoginHandler, type LoginOutcome } from '../../application/login/login.handler';
import { LoginRequest } from './dto/login.request';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the password strategy found on POST /api/login: signed in, or a second proof needed. */
    signInOutcome?: LoginOutcome;
  }
}

/**
 * passport-local's strategy over the login use case: the e-mail and password of POST /api/login give
 * 'signed in' or 'second proof needed' (two-factor sign-in, or many failures from many addresses); a wrong
 * password or too many tries is the use case's error, answered as it is (401, 429).
 */
@Injectable()
export class PasswordStrategy extends PassportStrategy(Strategy, 'password') implements OnModuleDestroy {
  constructor(
    private readonly login: LoginHandler,
    private readonly names: StrategyNames,
  ) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
    ownStrategy(this, 'password', names.password);
  }

  validate(req: FastifyRequest, email: string, password: string): Promise<LoginOutcome> {
    const body = req.body as LoginRequest;
    return this.login.execute({ email, password, address: req.ip ?? null, remember: body.rememberMe === true });
  }

  onModuleDestroy(): void {
    dropStrategy(this.names.password);
  }
}

/**
 * POST /api/login's credential check. The body is validated first, with the same pipe and messages as
 * every other body (a missing password is 'Password is required', not a bare 401); then the password
 * strategy runs and its outcome is kept on request.signInOutcome for the handler.
 */
@Injectable()
export class PasswordGuard implements CanActivate {
  private readonly validation = createValidationPipe();
  private readonly password: IAuthGuard;

  constructor(names: StrategyNames) {
    this.password = credentialGuard(names.password, 'signInOutcome', null);
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    req.body = await this.validation.transform(req.body, { type: 'body', metatype: LoginRequest });
    // Guards run before the interceptor that gives handlers the request's context: the sign-in's
    // activity-log lines get the client address here.
    return RequestContext.run({ actor: null, ip: req.ip ?? null }, async () => (await this.password.canActivate(ctx)) as boolean);
  }
}
