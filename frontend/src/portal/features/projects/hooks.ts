import { useQuery } from '@tanstack/react-query';
import type { Project } from '../../../shared/api/schema';
import { clientProjectsKey, projectsApi } from './api';

/** Spec §4 and §9: lists are stale after 5 seconds and refetched on mount. */
export const PROJECTS_STALE_TIME_MS = 5000;

/** The signed-in client's projects (services embedded). Never retried, not refetched on focus. */
export function useClientProjects(userId: number | undefined) {
  return useQuery<Project[]>({
    queryKey: clientProjectsKey(userId ?? 0),
    queryFn: () => projectsApi.listForClient(userId as number),
    enabled: userId !== undefined,
    staleTime: PROJECTS_STALE_TIME_MS,
    refetchOnMount: true,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
