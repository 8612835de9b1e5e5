import type { Project } from '../../../shared/api/schema';

/**
 * The My Projects search (spec §2): a case-insensitive substring match on the project's name or
 * description, or on the name or description of one of its services. An empty (or blank) search
 * keeps every project.
 */
export function matchesProjectSearch(project: Project, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  const haystacks = [project.name, project.description, ...(project.services ?? []).flatMap((s) => [s.name, s.description])];
  return haystacks.some((text) => (text ?? '').toLocaleLowerCase().includes(needle));
}

export function filterProjects(projects: readonly Project[], search: string): Project[] {
  return projects.filter((p) => matchesProjectSearch(p, search));
}
