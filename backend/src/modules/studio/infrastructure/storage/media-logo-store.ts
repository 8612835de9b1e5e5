import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Readable } from 'node:stream';
// The port's own file, not the galleries' index.ts, which would load the two modules in a cycle (decision 0040).
import { MediaStorage } from '../../../galleries/application/ports/media-storage';
import { LogoStore } from '../../application/ports/logo-store';

const keyOf = (version: number) => `studio/logo-${version}.png`;

/**
 * The logos live in the galleries' media storage (the local folder or the S3 bucket), under
 * `studio/logo-<version>.png`. The storage is looked up when first used rather than injected: the
 * galleries read the studio's name for the watermark, so the two modules cannot import each other.
 */
@Injectable()
export class MediaLogoStore extends LogoStore {
  private media: MediaStorage | null = null;

  constructor(private readonly modules: ModuleRef) {
    super();
  }

  private storage(): MediaStorage {
    const media: MediaStorage = this.media ?? this.modules.get<MediaStorage, MediaStorage>(MediaStorage, { strict: false });
    this.media = media;
    return media;
  }

  async put(version: number, png: Buffer): Promise<void> {
    await this.storage().put(keyOf(version), Readable.from([png]), { contentType: 'image/png', size: png.length });
  }

  async get(version: number): Promise<Buffer | null> {
    const opened = await this.storage().open(keyOf(version));
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async remove(version: number): Promise<void> {
    await this.storage().remove([keyOf(version)]);
  }
}
