/** Port: where the studio's logo images are kept (the media storage the galleries use). */
export abstract class LogoStore {
  abstract put(version: number, png: Buffer): Promise<void>;
  /** The PNG of that version, or null when there is none. */
  abstract get(version: number): Promise<Buffer | null>;
  abstract remove(version: number): Promise<void>;
}
