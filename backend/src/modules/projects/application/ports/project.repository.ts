import type { Project } from '../../domain/project';

/** Port: projects and their lines. Deleted projects are invisible to finders but keep their rows. */
export abstract class ProjectRepository {
  /** The project with its row locked until the open transaction ends. */
  abstract findForUpdate(id: number): Promise<Project | null>;
  abstract insert(project: Project): Promise<Project>;
  abstract update(project: Project): Promise<void>;
  abstract softDelete(id: number): Promise<boolean>;
}
