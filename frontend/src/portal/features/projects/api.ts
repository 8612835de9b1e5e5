import { api } from '../../../shared/api/client';
import type { Project } from '../../../shared/api/types';

/** Query key of one client's projects: ['/api/projects/client', userId]. */
export const clientProjectsKey = (userId: number) => ['/api/projects/client', userId] as const;

export const projectsApi = {
  /** GET /api/projects/client/{userId}: the client's projects with their services, date descending. */
  listForClient: (userId: number) => api.get<Project[]>(`/api/projects/client/${userId}`),
};
