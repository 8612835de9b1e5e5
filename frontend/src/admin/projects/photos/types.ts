import type { components } from '../../../shared/api/openapi';

/** A photo as GET /api/projects/{id}/photos lists it (CONTRACT §10). */
export type Photo = components['schemas']['PhotoResponse'];

export type PhotoStatus = Photo['status'];

/** One page of a project's photos and the total the Content-Range header gives. */
export interface PhotoPage {
  data: Photo[];
  total: number;
}
