/**
 * Named request and response types of the API, taken from openapi.yaml (generated into openapi.d.ts by
 * `npm run openapi:types`; never edit that file by hand). A change of the API that breaks the front end
 * then fails `npm run typecheck`.
 */
import type { components, paths } from './openapi';

type Schemas = components['schemas'];

export type { components, paths };

/* ---- Accounts and sessions ---- */
export type User = Schemas['UserResponse'];
export type UserRole = User['role'];
export type SuccessResponse = Schemas['SuccessResponse'];
export type LoginRequest = Schemas['LoginRequest'];
export type RegisterRequest = Schemas['RegisterRequest'];
export type RequestCodeRequest = Schemas['RequestCodeRequest'];
export type ResetPasswordRequest = Schemas['ResetPasswordRequest'];
export type UpdateAccountRequest = Schemas['UpdateAccountRequest'];
export type UpdateClientRequest = Schemas['UpdateClientRequest'];
/** POST /api/login with the right password for an account that needs a second proof (CONTRACT §8). */
export type SecondProofRequired = Schemas['SecondProofRequiredResponse'];
export type SecondProofMethod = SecondProofRequired['method'];
export type SecondProofRequest = Schemas['SecondProofRequest'];
export type TwoFactorSetup = Schemas['TwoFactorSetupResponse'];
export type TwoFactorDisableRequest = Schemas['TwoFactorDisableRequest'];

/** The error body every failing API call returns (CONTRACT §9): `{statusCode, error, message, code?, errors?}`. */
export type ApiErrorBody = Schemas['ErrorResponse'];

/* ---- Projects ---- */
export type Project = Schemas['ProjectResponse'];
export type ProjectServiceLine = Schemas['ProjectServiceLine'];
export type ProjectRequest = Schemas['ProjectRequest'];
export type SelectedServiceRequest = Schemas['SelectedServiceRequest'];

/* ---- Galleries ---- */
/** A photo of a project's gallery, with its signed URLs (CONTRACT §10). */
export type Photo = Schemas['PhotoResponse'];

/* ---- Public configuration and card payments ---- */
export type PaymentPublicConfig = Schemas['PublicConfigResponse'];
/** GET /api/public-config: the booking page reads only `bookingUrl`. */
export type PublicConfig = Pick<PaymentPublicConfig, 'bookingUrl'>;
/** 'stripe' when the server has real Stripe keys, 'emulator' otherwise (CONTRACT §3). */
export type PaymentMode = PaymentPublicConfig['paymentMode'];
export type RemainingBalance = Schemas['RemainingBalanceResponse'];
export type PaymentIntentResponse = Schemas['PaymentIntentResponse'];
export type PaymentIntentRequest = Schemas['PaymentIntentRequest'];
/** What a card payment of a project pays (CONTRACT §11): the deposit, or the balance (everything still owed). */
export type PaymentPart = NonNullable<PaymentIntentRequest['part']>;
export type ConfirmPaymentRequest = Schemas['ConfirmPaymentRequest'];
export type ConfirmPaymentResponse = Schemas['ConfirmPaymentResponse'];
/** The emulator's test payment methods (CONTRACT §3). */
export type TestPaymentMethod = Schemas['EmulatorConfirmRequest']['payment_method'];
export type EmulatedPaymentIntent = Schemas['EmulatedIntentResponse'];

/* ---- Services, payments, dashboard (back office) ---- */
export type Service = Schemas['ServiceResponse'];
export type ServiceRequest = Schemas['ServiceRequest'];
export type Payment = Schemas['PaymentResponse'];
export type PaymentSummary = Schemas['PaymentSummaryResponse'];
export type Refund = Schemas['RefundResponse'];
export type Dashboard = Schemas['DashboardResponse'];
export type ActivityItem = Schemas['ActivityItem'];

/* ---- Activity log (back office, CONTRACT §8) ---- */
export type AuditEvent = Schemas['AuditEventResponse'];
export type AuditAction = AuditEvent['action'];

/* ---- Credits ---- */
export type UserCredits = Schemas['UserCreditsResponse'];
export type CreditBundle = Schemas['BundleResponse'];
export type CreateBundleRequest = Schemas['CreateBundleRequest'];
export type UpdateBundleRequest = Schemas['UpdateBundleRequest'];
export type RedeemCreditsRequest = Schemas['RedeemCreditsRequest'];
export type RedeemCreditsResponse = Schemas['RedeemCreditsResponse'];
export type PurchaseCreditsRequest = Schemas['PurchaseCreditsRequest'];
export type PurchaseCreditsResponse = Schemas['PurchaseCreditsResponse'];
export type CreditPaymentIntentRequest = Schemas['CreditPaymentIntentRequest'];
export type CreditTransaction = Schemas['CreditTransactionResponse'];
export type ClientWithCredits = Schemas['ClientWithCreditsResponse'];
export type CreditProject = Schemas['CreditProjectResponse'];
export type AdjustCreditsRequest = Schemas['AdjustCreditsRequest'];
export type AdjustCreditsResponse = Schemas['AdjustCreditsResponse'];

/* ---- E-mail (back office) ---- */
export type EmailStatusResponse = Schemas['EmailStatusResponse'];
export type EmailActionResponse = Schemas['EmailActionResponse'];
export type TestEmailRequest = Schemas['TestEmailRequest'];
export type InvitationRequest = Schemas['InvitationRequest'];
export type CustomEmailRequest = Schemas['CustomEmailRequest'];
export type CustomEmailResponse = Schemas['CustomEmailResponse'];
export type OutboxItem = Schemas['OutboxItemResponse'];
export type OutboxDetail = Schemas['OutboxDetailResponse'];

/* ---- Integrations (CONTRACT §9) ---- */
export type ApiToken = Schemas['ApiTokenResponse'];
export type CreatedApiToken = Schemas['CreatedApiTokenResponse'];
export type CreateApiTokenRequest = Schemas['CreateApiTokenRequest'];
export type WebhookEndpoint = Schemas['WebhookEndpointResponse'];
export type CreatedWebhookEndpoint = Schemas['CreatedWebhookEndpointResponse'];
export type CreateWebhookEndpointRequest = Schemas['CreateWebhookEndpointRequest'];
export type UpdateWebhookEndpointRequest = Schemas['UpdateWebhookEndpointRequest'];
export type WebhookDelivery = Schemas['WebhookDeliveryResponse'];

/* ---- The studio (CONTRACT §13) ---- */
/** GET /api/studio: what every page and the money formatter read. */
export type PublicStudio = Schemas['PublicStudioResponse'];
/** GET /api/studio/settings and PATCH /api/studio's answer: every setting, and BOOKING_URL's default. */
export type StudioSettingsResponse = Schemas['StudioSettingsResponse'];
/** PATCH /api/studio: any setting but the logo (it has its own calls). */
export type StudioPatchRequest = Schemas['StudioPatchRequest'];
