import type { Money } from '../../../../shared/domain/money';
import type { Project } from '../../domain/project';

/** Port: projects and their lines. Deleted projects are invisible to finders but keep their rows. */
export abstract class ProjectRepository {
  /** The project with its row locked until the open transaction ends. */
  abstract findForUpdate(id: number): Promise<Project | null>;
  abstract insert(project: Project): Promise<Project>;
  abstract update(project: Project): Promise<void>;
  abstract softDelete(id: number): Promise<boolean>;
  /** What is still owed on the stored project: billing's answer (CONTRACT §14, the invoice's due). */
  abstract owed(id: number): Promise<Money>;
  /**
   * After the writes of a change: tells the project whether it is paid now (billing's answer). The
   * integrators' project.paid is billing's to raise, when its invoice becomes paid.
   */
  abstract settle(project: Project, wasPaid?: boolean): Promise<void>;
  /** Keeps the lists' cache of billing's answer (`projects.is_paid`) when billing says it changed. */
  abstract cachePaid(projectId: number, paid: boolean): Promise<void>;
}
