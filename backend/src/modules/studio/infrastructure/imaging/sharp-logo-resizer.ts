import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { LOGO_MAX_SIDE, LogoResizer } from '../../application/ports/logo-resizer';

/** sharp: the upload turned upright (EXIF), fitted inside 512×512 without enlarging, written as a PNG without metadata. */
@Injectable()
export class SharpLogoResizer extends LogoResizer {
  async toLogoPng(bytes: Buffer): Promise<Buffer | null> {
    try {
      return await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
        .rotate()
        .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .png({ compressionLevel: 9 })
        .toBuffer();
    } catch {
      return null;
    }
  }
}
