/** Port: turns an uploaded PNG or JPEG into the stored logo: a PNG fitting 512×512, never enlarged. */
export abstract class LogoResizer {
  /** Null when the bytes cannot be decoded as the image they claim to be. */
  abstract toLogoPng(bytes: Buffer): Promise<Buffer | null>;
}

export const LOGO_MAX_SIDE = 512;
