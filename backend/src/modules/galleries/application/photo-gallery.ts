import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import archiver from 'archiver';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { AppConfig } from '../../../shared/config/app-config';
import { DomainError, ForbiddenError, NotFoundError, TooLargeError, UnsupportedTypeError } from '../../../shared/errors/domain-error';
import { detectImageFormat, IMAGE_MIME_TYPES, IMAGE_SIGNATURE_BYTES } from '../domain/image-format';
import { photoMediaKeys } from '../domain/media-key';
import { mediaUrlExpiry, type MediaUrlUse, signMediaUrl } from '../domain/media-url-signature';
import { safeDisplayFilename } from '../domain/photo-filename';
import { MediaStorage } from './ports/media-storage';
import { GalleryProject, PhotoRepository, PhotoRow } from './ports/photo.repository';
import { PhotoProcessingWorker } from './photo-processing-worker';

/** One `file` part of an upload, as the HTTP layer hands it over: its stream is read once, here. */
export interface UploadedFile {
  filename: string;
  stream: Readable;
  /** After the stream ended: it was cut off at PHOTO_MAX_MB. */
  truncated(): boolean;
}

export interface PhotoView {
  id: number;
  filename: string;
  size: number;
  width: number | null;
  height: number | null;
  status: PhotoRow['status'];
  failureReason: string | null;
  thumbnailUrl: string | null;
  previewUrl: string | null;
  downloadUrl: string | null;
  favorite: boolean;
}

/** A file part whose bytes stopped before its end: the request was cut off or malformed. */
export const incompleteUpload = () =>
  new DomainError('validation', 'GALLERY.BAD_UPLOAD', 'The upload is incomplete: the request ended inside a file. Send it again.');
const projectNotFound = () => new NotFoundError('PROJECTS.NOT_FOUND', 'Project not found');
const unsupported = (filename: string) =>
  new UnsupportedTypeError('GALLERY.UNSUPPORTED_TYPE', `${filename} is not a JPEG, PNG, WebP or HEIC image`);

/**
 * The galleries' use cases so far (CONTRACT §10, decision 0029): uploads streamed to storage and queued
 * for processing, the list with signed URLs (the paid state picks the preview and allows the original),
 * and deleting a photo with its files.
 */
@Injectable()
export class PhotoGallery {
  private readonly urlSecret: string;

  constructor(
    private readonly photos: PhotoRepository,
    private readonly storage: MediaStorage,
    private readonly worker: PhotoProcessingWorker,
    private readonly config: AppConfig,
  ) {
    // Its own key, derived from the session secret: a media URL's signature says nothing about cookies.
    this.urlSecret = createHmac('sha256', config.sessionSecret).update('media-urls').digest('hex');
  }

  async projectOrThrow(projectId: number): Promise<GalleryProject> {
    const project = await this.photos.project(projectId);
    if (!project) throw projectNotFound();
    return project;
  }

  /**
   * Stores each file as it arrives. The type is decided by the first bytes (not the name or the declared
   * type); a file over PHOTO_MAX_MB is cut off by the multipart reader, and its row and bytes go.
   */
  async upload(projectId: number, files: AsyncIterable<UploadedFile>): Promise<PhotoView[]> {
    await this.projectOrThrow(projectId);
    const made: PhotoView[] = [];
    for await (const file of files) {
      const filename = safeDisplayFilename(file.filename);
      const head = await peek(file.stream, IMAGE_SIGNATURE_BYTES);
      const format = head && detectImageFormat(head);
      if (!format) {
        file.stream.resume();
        throw unsupported(filename);
      }
      const id = await this.photos.startUpload(projectId, filename, IMAGE_MIME_TYPES[format]);
      const keys = photoMediaKeys(String(projectId), String(id));
      let size: number;
      try {
        size = (await this.storage.put(keys.original, file.stream, { contentType: IMAGE_MIME_TYPES[format] })).size;
      } catch (err) {
        await this.photos.discard(id);
        throw err;
      }
      if (file.truncated()) {
        await this.storage.remove([keys.original]);
        await this.photos.discard(id);
        throw new TooLargeError('GALLERY.TOO_LARGE', `${filename} is larger than ${this.config.photoMaxBytes / 1024 / 1024} MB`);
      }
      await this.photos.uploaded(id, size);
      made.push({ ...emptyView(id, filename, size), status: 'processing' });
    }
    // A form without a file part (or whose only part the multipart reader skipped: a name with a line break).
    if (!made.length) throw new DomainError('validation', 'GALLERY.NO_FILE', 'Choose at least one photo: the upload has no file in it');
    this.worker.kick();
    return made;
  }

  async list(project: GalleryProject, viewer: { isAdmin: boolean }, offset: number, limit: number, filter: { favorite?: boolean } = {}) {
    // A client is shown the finished photos; the studio also sees those in processing and those that failed.
    const { rows, total } = await this.photos.ofProject(project.id, offset, limit, { ...filter, readyOnly: !viewer.isAdmin });
    // Originals for minutes, thumbnails and previews for a little longer (MEDIA_URL_LIFETIMES).
    const now = Date.now();
    const expires = { original: mediaUrlExpiry(now, 'original'), view: mediaUrlExpiry(now, 'view') };
    const sign = (key: string, use: MediaUrlUse = 'view') => signMediaUrl(key, expires[use], this.urlSecret);
    const unlocked = viewer.isAdmin || project.isPaid;
    return {
      total,
      rows: rows.map((p): PhotoView => {
        const keys = photoMediaKeys(String(project.id), String(p.id));
        const ready = p.status === 'ready';
        return {
          ...emptyView(p.id, p.filename, p.size),
          width: p.width,
          height: p.height,
          status: p.status,
          failureReason: p.failureReason,
          thumbnailUrl: ready ? sign(keys.thumb) : null,
          previewUrl: ready ? sign(unlocked ? keys.preview : keys.previewMarked) : null,
          // Originals never go to a client before the project is paid (CONTRACT §10).
          downloadUrl: unlocked ? sign(keys.original, 'original') : null,
          favorite: p.favorite,
        };
      }),
    };
  }

  /**
   * The originals as a ZIP (CONTRACT §10), for the admin and for the client of a paid project, streamed:
   * one file is opened at a time and copied as it is (stored, not compressed: photos do not shrink), so a
   * 2 GB gallery costs the server a buffer, not 2 GB. Names repeated in the gallery get a number.
   */
  async zip(project: GalleryProject, viewer: { isAdmin: boolean }): Promise<Readable> {
    if (!viewer.isAdmin && !project.isPaid) {
      throw new ForbiddenError('GALLERY.UNPAID', 'Pay for this project to download its photos');
    }
    const archive = archiver('zip', { store: true });
    const names = new Set<string>();
    const feed = async () => {
      for (let offset = 0; ; offset += 500) {
        const { rows } = await this.photos.ofProject(project.id, offset, 500, { readyOnly: !viewer.isAdmin });
        for (const photo of rows) {
          const media = await this.storage.open(photoMediaKeys(String(project.id), String(photo.id)).original);
          if (!media) continue;
          const entered = once(archive, 'entry');
          archive.append(media.stream, { name: uniqueName(photo.filename, names), date: photo.createdAt });
          await entered;
        }
        if (rows.length < 500) break;
      }
      await archive.finalize();
    };
    // A client that goes away destroys the archive: the feed's wait ends with it.
    feed().catch((err: Error) => archive.destroy(err));
    return archive;
  }

  /** The client's selection (CONTRACT §10): only the project's client marks it; the admin filters by it. */
  async setFavorite(photoId: number, viewer: { id: number; isAdmin: boolean }, favorite: boolean): Promise<void> {
    const photo = await this.photos.find(photoId);
    const project = photo && (await this.photos.project(photo.projectId));
    if (!photo || !project || (!viewer.isAdmin && project.clientId !== viewer.id)) {
      throw new NotFoundError('GALLERY.PHOTO_NOT_FOUND', 'Photo not found');
    }
    if (project.clientId !== viewer.id) throw new ForbiddenError('GALLERY.CLIENT_ONLY', "Favorites are the client's own selection");
    await this.photos.setFavorite(photo.id, favorite);
  }

  async remove(photoId: number): Promise<void> {
    const photo = await this.photos.find(photoId);
    if (!photo) throw new NotFoundError('GALLERY.PHOTO_NOT_FOUND', 'Photo not found');
    const keys = photoMediaKeys(String(photo.projectId), String(photo.id));
    await this.storage.remove([keys.original, keys.thumb, keys.preview, keys.previewMarked]);
    await this.photos.remove(photo.id);
  }

  get mediaUrlSecret(): string {
    return this.urlSecret;
  }
}

/** `IMG_1.jpg`, then `IMG_1 (2).jpg`, … : a ZIP with two entries of one name loses one on unpacking. */
function uniqueName(filename: string, taken: Set<string>): string {
  const dot = filename.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [filename.slice(0, dot), filename.slice(dot)] : [filename, ''];
  let name = filename;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})${ext}`;
  taken.add(name.toLowerCase());
  return name;
}

function emptyView(id: number, filename: string, size: number): PhotoView {
  return {
    id,
    filename,
    size,
    width: null,
    height: null,
    status: 'processing',
    failureReason: null,
    thumbnailUrl: null,
    previewUrl: null,
    downloadUrl: null,
    favorite: false,
  };
}

/**
 * The first `n` bytes of a stream, put back so the stream still yields everything; `null` when the stream
 * ends before `n` bytes (too short to be any image: nothing can be put back after its end).
 */
function peek(stream: Readable, n: number): Promise<Buffer | null> {
  // A part the multipart reader has already given up on (a body cut off inside it is seen as soon as
  // the request's last chunk is parsed, which can be before this part is taken): no event will come.
  if (stream.errored) return Promise.reject(stream.errored);
  if (stream.destroyed) return Promise.reject(incompleteUpload());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let got = 0;
    const stop = () => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    // Destroyed without an error (the client went away): neither 'end' nor 'error' comes.
    const onClose = () => {
      stop();
      reject(incompleteUpload());
    };
    const onEnd = () => {
      stop();
      resolve(null);
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while (got < n && (chunk = stream.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        got += chunk.length;
      }
      if (got < n) return;
      stop();
      const all = Buffer.concat(chunks);
      stream.unshift(all);
      resolve(all.subarray(0, n));
    };
    stream.on('readable', onReadable);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}
