import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../../../shared/audit/audit-trail';
import { ConflictError, TooLargeError, UnsupportedTypeError } from '../../../shared/errors/domain-error';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
// The galleries' leaf file, not their index.ts: the galleries (the watermark) read the studio, so going
// through their index would load the two modules in a cycle (decision 0040).
import { detectImageFormat } from '../../galleries/domain/image-format';
import type { Studio } from '../domain/studio';
import { applyStudioChange, STUDIO_CHANGE_FIELDS } from '../domain/studio-rules';
import { LogoResizer } from './ports/logo-resizer';
import { LogoStore } from './ports/logo-store';
import { StudioPatch, StudioSettings } from './ports/studio-settings';
import { StudioRepository } from './ports/studio.repository';

/** The largest logo upload taken (CONTRACT §13). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const logoNotAnImage = () => new UnsupportedTypeError('STUDIO.LOGO_NOT_AN_IMAGE', 'The logo must be a PNG or JPEG image');
export const logoTooLarge = () => new TooLargeError('STUDIO.LOGO_TOO_LARGE', 'The logo must be at most 2 MB');

/**
 * The studio's settings (CONTRACT §13, decision 0040): read per page, e-mail or PDF (a primary-key read,
 * no cache, so every instance sees a change at once); each change validated by the domain, written
 * under the row's lock and recorded in the activity log in the same transaction.
 */
@Injectable()
export class StudioSettingsService extends StudioSettings {
  constructor(
    private readonly studio: StudioRepository,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
    private readonly logos: LogoStore,
    private readonly resizer: LogoResizer,
  ) {
    super();
  }

  current(): Promise<Studio> {
    return this.studio.load();
  }

  async logo(): Promise<{ bytes: Buffer; contentType: string; version: number } | null> {
    const version = (await this.studio.load()).props.logoVersion;
    if (version === null) return null;
    const bytes = await this.logos.get(version);
    return bytes ? { bytes, contentType: 'image/png', version } : null;
  }

  update(patch: StudioPatch, actorId: number | null): Promise<Studio> {
    return this.tx.run(async () => {
      const before = await this.studio.load({ forUpdate: true });
      const { props, changed } = applyStudioChange(before.props, patch);
      if (changed.length === 0) return before;
      if (changed.includes('currency') && (await this.studio.moneyHasMoved())) {
        const message = `The currency can't be changed after the first payment: amounts already paid are in ${before.props.currency}.`;
        throw new ConflictError('STUDIO.CURRENCY_LOCKED', message, { currency: message });
      }
      const after = await this.studio.save(props);
      const names = STUDIO_CHANGE_FIELDS.filter((k) => changed.includes(k));
      await this.audit.record({
        action: 'studio.updated',
        targetType: 'studio',
        targetId: 1,
        summary: `Changed the studio settings: ${names.join(', ')}`,
        ...(actorId === null ? { actor: null } : {}),
      });
      return after;
    });
  }

  /**
   * Replaces the logo with an uploaded PNG or JPEG (≤ 2 MB; SVG and everything else refused), stored as
   * a PNG fitting 512×512 under a new version, so its address changes and may be cached for ever.
   */
  async changeLogo(bytes: Buffer): Promise<Studio> {
    if (bytes.length > LOGO_MAX_BYTES) throw logoTooLarge();
    const format = detectImageFormat(bytes.subarray(0, 16));
    if (format !== 'png' && format !== 'jpeg') throw logoNotAnImage();
    const png = await this.resizer.toLogoPng(bytes);
    if (!png) throw logoNotAnImage();
    let stored: number | null = null;
    let replaced: number | null = null;
    let committed = false;
    try {
      const studio = await this.tx.run(async () => {
        const before = await this.studio.load({ forUpdate: true });
        replaced = before.props.logoVersion;
        const version = await this.studio.allocateLogoVersion();
        stored = version;
        await this.logos.put(version, png);
        const after = await this.studio.setLogoVersion(version);
        await this.audit.record({
          action: 'studio.logo_changed',
          targetType: 'studio',
          targetId: 1,
          summary: replaced === null ? 'Added the studio logo' : 'Replaced the studio logo',
        });
        return after;
      });
      committed = true;
      return studio;
    } finally {
      // a failed change leaves no new file behind; a committed one removes the logo it replaced
      const leftOver = committed ? replaced : stored;
      if (leftOver !== null) await this.logos.remove(leftOver).catch(() => undefined);
    }
  }

  /** Removes the logo (the pages and e-mails show the name alone); nothing to do without one. */
  async removeLogo(): Promise<Studio> {
    let removed: number | null = null;
    const studio = await this.tx.run(async () => {
      const before = await this.studio.load({ forUpdate: true });
      if (before.props.logoVersion === null) return before;
      removed = before.props.logoVersion;
      const after = await this.studio.setLogoVersion(null);
      await this.audit.record({ action: 'studio.logo_changed', targetType: 'studio', targetId: 1, summary: 'Removed the studio logo' });
      return after;
    });
    if (removed !== null) await this.logos.remove(removed).catch(() => undefined);
    return studio;
  }
}
