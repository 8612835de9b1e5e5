import { ExecutionContext, Injectable, OnModuleDestroy } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import passport from 'passport';
import { Strategy } from 'passport-local';
import type { User } from '../../../clients';
import { createValidationPipe } from '../../../../shared/http/validation';
import { LoginHandler } from '../../application/login/login.handler';
import { LoginRequest } from './dto/login.request';

/** The local strategies of the applications alive in this process, newest last (see onModuleDestroy). */
const alive: LocalStrategy[] = [];

/** Sign-in with e-mail and password: passport's local strategy over the login use case. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') implements OnModuleDestroy {
  constructor(private readonly login: LoginHandler) {
    super({ usernameField: 'email', passwordField: 'password' });
    alive.push(this);
  }

  /**
   * passport keeps one strategy per name for the whole process, and each new application registers its
   * own. When an application closes (tests start and stop several in one process), the strategy of the
   * newest one still alive takes its place again, so sign-in never reaches a closed database pool.
   */
  onModuleDestroy(): void {
    alive.splice(alive.indexOf(this), 1);
    const newest = alive.at(-1);
    if (newest) passport.use('local', newest);
    else passport.unuse('local');
  }

  validate(email: string, password: string): Promise<User> {
    return this.login.execute({ email, password });
  }
}

/**
 * Runs the local strategy on POST /login. The body is validated first, with the same pipe and messages
 * as every other body (a missing password is 'Password is required', not a bare 401), then the strategy
 * checks the credentials and puts the account on request.user.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  private readonly validation = createValidationPipe();

  override async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    req.body = await this.validation.transform(req.body, { type: 'body', metatype: LoginRequest });
    return (await super.canActivate(ctx)) as boolean;
  }
}
