import { InitialSchema1763769600000 } from './1763769600000-initial-schema';
import { StudioCatalogue1763856000000 } from './1763856000000-studio-catalogue';
import { CardPayments1763942400000 } from './1763942400000-card-payments';
import { Credits1764028800000 } from './1764028800000-credits';
import { EmailSystem1764115200000 } from './1764115200000-email-system';
import { Hardening1764201600000 } from './1764201600000-hardening';
import { RowCounts1764288000000 } from './1764288000000-row-counts';
import { ListIndexes1764374400000 } from './1764374400000-list-indexes';
import { ListVersion1764547200000 } from './1764547200000-list-version';
import { ListReadIndexes1764806400000 } from './1764806400000-list-read-indexes';
import { DropListVersion1764892800000 } from './1764892800000-drop-list-version';
import { ProjectReadKeys1764979200000 } from './1764979200000-project-read-keys';
import { EmailVerification1765065600000 } from './1765065600000-email-verification';
import { TwoFactor1765108800000 } from './1765108800000-two-factor';
import { AuditEvents1765152000000 } from './1765152000000-audit-events';
import { ApiTokens1765195200000 } from './1765195200000-api-tokens';
import { WebhookEndpoints1765281600000 } from './1765281600000-webhook-endpoints';
import { WebhookDeliveries1765368000000 } from './1765368000000-webhook-deliveries';
import { Photos1765454400000 } from './1765454400000-photos';
import { PhotoFavorites1765540800000 } from './1765540800000-photo-favorites';
import { PhotoUploadsIndex1765627200000 } from './1765627200000-photo-uploads-index';
import { ReceiptNumbers1765713600000 } from './1765713600000-receipt-numbers';
import { Deposits1765771200000 } from './1765771200000-deposits';
import { BundlePayments1765800000000 } from './1765800000000-bundle-payments';
import { Refunds1765886400000 } from './1765886400000-refunds';
import { IntentPart1765972800000 } from './1765972800000-intent-part';
import { PaidIsDerived1766016000000 } from './1766016000000-paid-is-derived';
import { AttemptLimits1766059200000 } from './1766059200000-attempt-limits';
import { AuditVia1766102400000 } from './1766102400000-audit-via';
import { PaidRefreshOnce1766145600000 } from './1766145600000-paid-refresh-once';
import { StudioSettings1766188800000 } from './1766188800000-studio-settings';
import { SetupCodes1766232000000 } from './1766232000000-setup-codes';
import { Invoices1766275200000 } from './1766275200000-invoices';
import { IdempotencyKeys1766282400000 } from './1766282400000-idempotency-keys';
import { InvoiceCount1766289600000 } from './1766289600000-invoice-count';

/** Every migration, oldest first. A new one is added here and never edited after it lands. */
export const MIGRATIONS = [
  InitialSchema1763769600000,
  StudioCatalogue1763856000000,
  CardPayments1763942400000,
  Credits1764028800000,
  EmailSystem1764115200000,
  Hardening1764201600000,
  RowCounts1764288000000,
  ListIndexes1764374400000,
  ListVersion1764547200000,
  ListReadIndexes1764806400000,
  DropListVersion1764892800000,
  ProjectReadKeys1764979200000,
  EmailVerification1765065600000,
  TwoFactor1765108800000,
  AuditEvents1765152000000,
  ApiTokens1765195200000,
  WebhookEndpoints1765281600000,
  WebhookDeliveries1765368000000,
  Photos1765454400000,
  PhotoFavorites1765540800000,
  PhotoUploadsIndex1765627200000,
  ReceiptNumbers1765713600000,
  Deposits1765771200000,
  BundlePayments1765800000000,
  Refunds1765886400000,
  IntentPart1765972800000,
  PaidIsDerived1766016000000,
  AttemptLimits1766059200000,
  AuditVia1766102400000,
  PaidRefreshOnce1766145600000,
  StudioSettings1766188800000,
  SetupCodes1766232000000,
  Invoices1766275200000,
  IdempotencyKeys1766282400000,
  InvoiceCount1766289600000,
];
