/** The clients module's public surface: other modules import from here only. */
export { ClientsModule } from './clients.module';
export { User, normalizeEmail, ROLES } from './domain/user';
export type { Role, PublicUser } from './domain/user';
export { UserRepository } from './application/ports/user.repository';
export { UserResponse, SuccessResponse } from './infrastructure/http/dto/user.response';
export {
  emailTaken,
  usernameTaken,
  lastAdmin,
  currentPasswordError,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
} from './domain/clients.errors';
export { AccountEmailChanged } from './domain/account-email-changed.event';
export { EmailVerificationRequested } from './domain/email-verification-requested.event';
export { EmailVerification } from './application/email-verification/email-verification';
