/** The auth module's public surface. Guards and the ownership check live in shared/auth for every module. */
export { AuthModule } from './auth.module';
export { SignedInGuard, AdminGuard, CurrentUser, assertMayAccess } from '../../shared/auth/guards';
export { SESSION_COOKIE } from './infrastructure/http/session';
