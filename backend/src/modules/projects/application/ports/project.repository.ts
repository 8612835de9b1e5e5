import type { Money } from '../../../../shared/domain/money';
import type { Project } from '../../domain/project';

/** Port: projects and their lines. Deleted projects are invisible to finders but keep their rows. */
export abstract class ProjectRepository {
  /** The project with its row locked until the open transaction ends. */
  abstract findForUpdate(id: number): Promise<Project | null>;
  abstract insert(project: Project): Promise<Project>;
  abstract update(project: Project): Promise<void>;
  abstract softDelete(id: number): Promise<boolean>;
  /** What is still owed on the stored project (CONTRACT §12: the one rule, the database's `project_owed_cents`). */
  abstract owed(id: number): Promise<Money>;
  /**
   * After the writes of a change: tells the project whether it is paid now (derived from what is owed)
   * and, when the change made it paid (`wasPaid` false), raises the integrators' project.paid in the
   * open transaction.
   */
  abstract settle(project: Project, wasPaid: boolean): Promise<void>;
}
