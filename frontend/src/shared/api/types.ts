/**
 * Types of the API responses used by the portal.
 * Written by hand from the spec and CONTRACT.md until the backend's openapi.yaml exists;
 * then this file is replaced by types generated from it (same names).
 */

export type UserRole = 'client' | 'admin';

export interface User {
  id: number;
  username: string;
  email: string;
  company?: string | null;
  /** Any value other than 'admin' is treated as an ordinary user. */
  role: UserRole | string;
  createdAt?: string;
}

/** The error body every failing API call returns. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  error?: string;
  code?: string;
  /** field -> message, for validation errors */
  errors?: Record<string, string>;
}

export interface SuccessResponse {
  success: boolean;
  message: string;
}

export interface LoginRequest {
  email: string;
  password: string;
  rememberMe?: boolean;
}

export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
}

export interface RequestCodeRequest {
  email: string;
}

export interface ResetPasswordRequest {
  email: string;
  code: string;
  newPassword: string;
}

export interface UpdateAccountRequest {
  username: string;
  email: string;
  company: string;
  password?: string;
}

export const isAdmin = (user: Pick<User, 'role'> | null | undefined): boolean =>
  user?.role === 'admin';

/** One service line of a project (GET /api/projects..., `services`). Money in dollars. */
export interface ProjectServiceLine {
  serviceId: number;
  name: string;
  description: string;
  /** unit price */
  price: number;
  quantity: number;
  /** price × quantity */
  lineTotal: number;
  creditEligible: boolean;
  creditCost: number;
  /** the line was paid with credits (credits issue) */
  paidWithCredits?: boolean;
}

/** A project with its services embedded (docs/api/back-office.md, "Projects"). */
export interface Project {
  id: number;
  name: string;
  description: string | null;
  clientId: number;
  /** the client's username, 'Unknown' if missing */
  clientName: string;
  serviceId: number | null;
  thumbnailUrl: string | null;
  /** shown to a client only once the project is paid (null before) */
  downloadLink: string | null;
  photoCount: number;
  price: number;
  isPaid: boolean;
  /** ISO-8601 */
  date: string;
  amountPaid: number;
  unpaidAmount: number;
  /** Σ creditCost × quantity over credit-eligible lines */
  creditCost: number;
  /** credits the eligible services not yet paid with credits would cost (credits issue) */
  creditsDue?: number;
  services: ProjectServiceLine[];
}

/** GET /api/public-config (public). Later issues add the payment mode. */
export interface PublicConfig {
  bookingUrl: string | null;
}

/* ---- Card payments (docs/api/back-office.md, "Card payments API") ---- */

/** 'stripe' when the server has real Stripe keys, 'emulator' otherwise (CONTRACT §3). */
export type PaymentMode = 'stripe' | 'emulator';

/** GET /api/public-config once card payments exist: the booking URL plus the payment mode. */
export interface PaymentPublicConfig extends PublicConfig {
  paymentMode: PaymentMode;
  stripePublishableKey: string | null;
}

/** GET /api/project-remaining-balance/{projectId} */
export interface RemainingBalance {
  /** dollars */
  unpaidAmount: number;
}

/** POST /api/create-payment-intent {projectId} */
export interface PaymentIntentResponse {
  clientSecret: string;
  /** the unpaid remainder, dollars */
  amount: number;
  paymentIntentId: string;
}

/** POST /api/confirm-payment */
export interface ConfirmPaymentRequest {
  projectId: number;
  paymentIntentId: string;
}

export interface ConfirmPaymentResponse {
  success: boolean;
  /** the project as GET /api/projects/{id} shows it, paid when nothing remains */
  project: Project;
}

/** The emulator's test payment methods (CONTRACT §3). */
export type TestPaymentMethod = 'pm_card_visa' | 'pm_card_chargeDeclined';

/** POST /api/payment-emulator/payment_intents/{id}/confirm → a PaymentIntent-like object (amount in cents). */
export interface EmulatedPaymentIntent {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
  currency: string;
  client_secret: string;
  last_payment_error?: { message?: string; code?: string; decline_code?: string } | null;
}

/* ---- Credits (docs/api/back-office.md, "Credits API", first and second part) ---- */

/** GET /api/user-credits/{userId} */
export interface UserCredits {
  userId: number;
  balance: number;
}

/** A credit bundle (GET /api/credit-bundles). Price in dollars. */
export interface CreditBundle {
  id: number;
  name: string;
  description: string;
  creditAmount: number;
  price: number;
  isActive: boolean;
}

/** POST /api/redeem-credits {projectId, description} */
export interface RedeemCreditsRequest {
  projectId: number;
  description?: string;
}

export interface RedeemCreditsResponse {
  hasRemainingServices: boolean;
  /** dollars still owed in money */
  remainingBalance: number;
  /** the client's new credit balance */
  creditBalance: number;
}

/** POST /api/purchase-credits {bundleId, stripePaymentId?} */
export interface PurchaseCreditsRequest {
  bundleId: number;
  stripePaymentId?: string;
}

export interface PurchaseCreditsResponse {
  success: boolean;
  creditsAdded: number;
  creditBalance: number;
}
