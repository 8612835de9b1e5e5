/**
 * Transitional re-export (issue 15): the types now come from openapi.yaml through ./schema, and
 * `isAdmin` lives in ./user. Import from those two modules; this file is deleted at merge.
 */
export type {
  ApiErrorBody,
  ConfirmPaymentRequest,
  ConfirmPaymentResponse,
  CreditBundle,
  EmulatedPaymentIntent,
  LoginRequest,
  PaymentIntentResponse,
  PaymentMode,
  PaymentPublicConfig,
  Project,
  ProjectServiceLine,
  PublicConfig,
  PurchaseCreditsRequest,
  PurchaseCreditsResponse,
  RedeemCreditsRequest,
  RedeemCreditsResponse,
  RegisterRequest,
  RemainingBalance,
  RequestCodeRequest,
  ResetPasswordRequest,
  SuccessResponse,
  TestPaymentMethod,
  UpdateAccountRequest,
  User,
  UserCredits,
  UserRole,
} from './schema';
export { isAdmin } from './user';
