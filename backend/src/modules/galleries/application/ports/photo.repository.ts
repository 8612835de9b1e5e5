import type { PhotoJob, PhotoStatus } from '../../domain/photo';

export interface PhotoRow {
  id: number;
  projectId: number;
  filename: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  status: Exclude<PhotoStatus, 'uploading'>;
  failureReason: string | null;
  /** Marked by the project's client (their selection). */
  favorite: boolean;
  createdAt: Date;
}

/** What the galleries need of a project (read without importing the projects module). */
export interface GalleryProject {
  id: number;
  clientId: number;
  isPaid: boolean;
}

/** Port: the `photos` table, which is also the processing queue. */
export abstract class PhotoRepository {
  abstract project(id: number): Promise<GalleryProject | null>;
  /** A row for an upload that has begun (status `uploading`): its id names its files. */
  abstract startUpload(projectId: number, filename: string, contentType: string): Promise<number>;
  /** The original is stored: queued for processing. */
  abstract uploaded(id: number, size: number): Promise<void>;
  /** The upload did not complete: the row goes (its files were never stored). */
  abstract discard(id: number): Promise<void>;
  /** Rows still `uploading` that were started before `before` (oldest first): uploads a crash or a restart cut off. */
  abstract staleUploads(before: Date, limit: number): Promise<Array<{ id: number; projectId: number }>>;
  /** An upload that will never finish: `failed` with the reason, if it is still `uploading`. */
  abstract abandonUpload(id: number, reason: string): Promise<void>;
  /** The project's photos by id (those still uploading never), with the total the filter matches. */
  abstract ofProject(
    projectId: number,
    offset: number,
    limit: number,
    filter?: PhotoListFilter,
  ): Promise<{ rows: PhotoRow[]; total: number }>;
  abstract setFavorite(id: number, favorite: boolean): Promise<void>;
  abstract find(id: number): Promise<PhotoRow | null>;
  abstract remove(id: number): Promise<void>;
  /** Every photo row of a project (its files are removed by prefix), in the caller's transaction. */
  abstract removeAllOf(projectId: number): Promise<void>;
  abstract claimDue(limit: number, leaseMs: number): Promise<PhotoJob[]>;
  abstract saveOutcome(job: PhotoJob): Promise<void>;
}

export interface PhotoListFilter {
  /** marked (true) or not marked (false) by the client */
  favorite?: boolean;
  /** only the photos whose processing is done (what a client is shown) */
  readyOnly?: boolean;
}
