import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import { StudioSettings, type Studio } from '../../studio';
import type { EmailBrand } from '../domain/email-message';

/** The tallest and widest the header draws the logo (CSS pixels; the stored logo is at most 512 px). */
const LOGO_MAX_HEIGHT = 48;
const LOGO_MAX_WIDTH = 200;
/** The size assumed when the logo's own cannot be read. */
const FALLBACK = { width: LOGO_MAX_WIDTH, height: LOGO_MAX_HEIGHT };

/** Width and height of a PNG from its IHDR chunk; null for anything else. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature || bytes.subarray(12, 16).toString('ascii') !== 'IHDR')
    return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The size the header draws a logo of `size` at: fits 200 × 48, keeps its shape, never enlarged. */
export function headerLogoSize(size: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, LOGO_MAX_HEIGHT / size.height, LOGO_MAX_WIDTH / size.width);
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * Who the e-mails are from (CONTRACT §13), read from the studio's settings for each message: its name,
 * colour, contact lines and money style, and its logo as an absolute address (APP_URL + the logo's
 * versioned path, so a mail client's cached copy is the right one). The logo's size is read once per
 * logo version.
 */
@Injectable()
export class EmailBrands {
  private sizes = new Map<number, { width: number; height: number } | null>();

  constructor(
    private readonly studio: StudioSettings,
    private readonly config: AppConfig,
  ) {}

  async current(): Promise<EmailBrand> {
    return this.of(await this.studio.current());
  }

  async of(studio: Studio): Promise<EmailBrand> {
    const path = studio.logoPath;
    const version = studio.props.logoVersion;
    if (path === null || version === null) return { studio, logo: null };
    let size = this.sizes.get(version);
    if (size === undefined) {
      // The storage not answering must not stop an e-mail (nor the transaction queuing it): the logo is
      // then drawn at the header's size and its own read again next time.
      const logo = await this.studio.logo().catch(() => undefined);
      if (logo === undefined) return { studio, logo: { url: `${this.config.appUrl}${path}`, ...headerLogoSize(FALLBACK) } };
      if (!logo) return { studio, logo: null }; // removed meanwhile
      size = pngSize(logo.bytes);
      // Kept only for the version it was read from (a logo replaced meanwhile is read again next time).
      if (logo.version === version) this.sizes = new Map([[version, size]]);
    }
    const drawn = headerLogoSize(size ?? FALLBACK);
    return { studio, logo: { url: `${this.config.appUrl}${path}`, ...drawn } };
  }
}
