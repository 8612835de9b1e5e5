/** An in-memory fake of the projects port, for handler specs (projects', and credits' redemption). */
import { Money } from '../../../shared/domain/money';
import { ProjectRepository } from '../application/ports/project.repository';
import { Project, ProjectLine, ProjectProps } from '../domain/project';

const copy = (p: Readonly<ProjectProps>): ProjectProps => ({ ...p, lines: p.lines.map((l) => ({ ...l })) });

/**
 * Projects as stored: a handler gets a copy, so nothing it changes is kept until it calls `update`
 * (as with the table). Deleted projects are invisible to `findForUpdate` but kept.
 */
export class InMemoryProjects extends ProjectRepository {
  readonly rows = new Map<number, { props: ProjectProps; deleted: boolean }>();
  private nextId = 1;

  async findForUpdate(id: number): Promise<Project | null> {
    const row = this.rows.get(id);
    return row && !row.deleted ? Project.restore(copy(row.props)) : null;
  }

  async insert(project: Project): Promise<Project> {
    const stored = project.withId(this.nextId++);
    this.rows.set(stored.id, { props: copy(stored.snapshot), deleted: false });
    return Project.restore(copy(stored.snapshot));
  }

  async update(project: Project): Promise<void> {
    const row = this.rows.get(project.id);
    if (!row) throw new Error(`no project ${project.id} to update`);
    row.props = copy(project.snapshot);
  }

  async softDelete(id: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.deleted) return false;
    row.deleted = true;
    return true;
  }

  /** Stores a project of `clientId` with these lines (priced by them), as the admin would have created it. */
  async seed(p: { clientId: number; lines: ProjectLine[]; name?: string; isPaid?: boolean }): Promise<number> {
    const details = {
      name: p.name ?? 'Wedding',
      description: '',
      clientId: p.clientId,
      thumbnailUrl: null,
      downloadLink: null,
      photoCount: 0,
    };
    const project = await this.insert(Project.create(details, p.lines, Money.ZERO, new Date()));
    if (p.isPaid) {
      project.markPaid();
      await this.update(project);
    }
    return project.id;
  }

  /** What is stored for a project (deleted or not), for assertions. */
  stored(id: number): ProjectProps | undefined {
    const row = this.rows.get(id);
    return row ? copy(row.props) : undefined;
  }
}
