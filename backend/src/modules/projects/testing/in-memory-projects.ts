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
  /** Money paid towards a project outside `paidOf` (a project seeded as paid). */
  private readonly paidBySeed = new Map<number, number>();
  /** The projects whose project.paid was raised, in order. */
  readonly paidEvents: number[] = [];

  /**
   * `paidOf`: the money paid towards a project (the payments fake's completed total); none when absent.
   * What is owed is then the database's rule (decision 0038) over the stored project: price, less the
   * services paid with credits, less what was paid, never below 0.
   */
  constructor(private readonly paidOf: (projectId: number) => Promise<Money> = async () => Money.ZERO) {
    super();
  }

  async owed(id: number): Promise<Money> {
    const row = this.rows.get(id);
    if (!row) return Money.ZERO;
    const paid = (await this.paidOf(id)).cents + (this.paidBySeed.get(id) ?? 0);
    const project = Project.restore(copy(row.props));
    return project.price.minusFloored(project.creditCovered).minusFloored(Money.ofCents(paid));
  }

  async settle(project: Project, wasPaid: boolean): Promise<void> {
    const paid = (await this.owed(project.id)).isZero();
    const row = this.rows.get(project.id);
    if (row) row.props.isPaid = paid;
    project.paidAsDerived(paid);
    if (paid && !wasPaid) this.paidEvents.push(project.id);
  }

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
    // the stored flag is the store's own (derived in `settle`), not the handler's
    row.props = { ...copy(project.snapshot), isPaid: row.props.isPaid };
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
    // paid in full before the spec starts
    if (p.isPaid) this.paidBySeed.set(project.id, project.price.cents);
    // the stored flag as the database derives it (a project whose every line was paid with credits is paid)
    await this.settle(project, false);
    this.paidEvents.length = 0;
    return project.id;
  }

  /** What is stored for a project (deleted or not), for assertions. */
  stored(id: number): ProjectProps | undefined {
    const row = this.rows.get(id);
    return row ? copy(row.props) : undefined;
  }
}
