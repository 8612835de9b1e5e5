import type { Studio } from '../../domain/studio';
import type { StudioChange } from '../../domain/studio-rules';

/** What an admin may change (PATCH /api/studio): any of the settings but the logo and the clock. */
export type StudioPatch = StudioChange;

/**
 * Port, the studio module's public face: every module that shows the studio (e-mails, receipts, the
 * watermark, card payments' currency, the pages) asks it; only the studio module writes its table.
 */
export abstract class StudioSettings {
  /** The settings now (the defaults until someone changes them). Cheap: read per e-mail, page or PDF. */
  abstract current(): Promise<Studio>;
  /** The logo as stored (PNG, resized), for PDFs and e-mails; null without one. */
  abstract logo(): Promise<{ bytes: Buffer; contentType: string; version: number } | null>;
  /**
   * Validates and applies a change (RuleViolatedError with per-field messages on bad input, nothing
   * changed), records the audit event for `actorId` (null: the first run), and returns the new settings.
   */
  abstract update(patch: StudioPatch, actorId: number | null): Promise<Studio>;
}
