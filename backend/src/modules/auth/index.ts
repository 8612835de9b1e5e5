/** The auth module's public surface. Guards and the ownership check live in shared/auth for every module. */
export { AuthModule } from './auth.module';
export { CurrentUser, assertMayAccess } from '../../shared/auth/guards';
export { SESSION_COOKIE } from '../../shared/session/request-session';
export { sessionAccount, signIn } from './infrastructure/http/session';
export { PgSessionStore } from './infrastructure/http/session-store';
export { AuthRateLimitGuard } from './infrastructure/http/auth-rate-limit.guard';
