import { dataOf, http } from '../../../shared/api/client';

/** Query key of one client's projects: ['/api/projects/client', userId]. */
export const clientProjectsKey = (userId: number) => ['/api/projects/client', userId] as const;

export const projectsApi = {
  /** GET /api/projects/client/{userId}: the client's projects with their services, date descending. */
  listForClient: (userId: number) => dataOf(http.GET('/api/projects/client/{userId}', { params: { path: { userId } } })),
};
