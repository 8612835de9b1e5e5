import { InMemoryServices } from '../../../services/testing/in-memory-services';
import { Money } from '../../../../shared/domain/money';
import { immediateTx, InMemoryAuditTrail } from '../../../../testing/in-memory';
import { RecordingEvents } from '../../../../testing/in-memory-events';
import { ProjectDeleted } from '../../domain/project-deleted';
import { InMemoryProjects } from '../../testing/in-memory-projects';
import { LineBuilder } from '../line-builder';
import { ProjectMaintenanceHandler } from './delete-project.handler';
import { FixedStudioSettings } from '../../../studio/testing/fixed-studio-settings';

describe('ProjectMaintenanceHandler', () => {
  let projects: InMemoryProjects;
  let services: InMemoryServices;
  let handler: ProjectMaintenanceHandler;
  let audit: InMemoryAuditTrail;
  let events: RecordingEvents;
  let session: number;
  let prints: number;
  let id: number;

  beforeEach(async () => {
    projects = new InMemoryProjects();
    services = new InMemoryServices();
    audit = new InMemoryAuditTrail();
    events = new RecordingEvents();
    handler = new ProjectMaintenanceHandler(projects, new LineBuilder(services), immediateTx(), audit, events, new FixedStudioSettings());
    const service = (name: string, dollars: number) =>
      services
        .insert({ name, description: '', price: Money.fromDollars(dollars), isStandard: true, creditEligible: false, creditCost: 1 })
        .then((s) => s.id);
    session = await service('Photo session', 100);
    prints = await service('Prints', 30);
    id = await projects.seed({ clientId: 1, lines: [{ serviceId: session, quantity: 1, unitPrice: Money.fromDollars(100) }] });
  });

  it('deletes a project by hiding it, keeping its row; a second delete answers not found', async () => {
    await handler.delete(id);

    expect(events.published).toEqual([new ProjectDeleted(id)]);
    expect(await projects.findForUpdate(id)).toBeNull();
    expect(projects.stored(id)).toBeDefined();
    // its invoice is void: nothing is owed on it any more
    expect(await projects.billingOf(id)).toMatchObject({ status: 'void', next: null });
    await expect(handler.delete(id)).rejects.toMatchObject({ code: 'PROJECTS.NOT_FOUND', kind: 'not_found' });
    expect(audit.entries).toEqual([
      {
        action: 'project.deleted',
        targetType: 'project',
        targetId: id,
        summary: expect.stringMatching(/^Deleted project ".+" \(\$100\.00\)$/),
      },
    ]);
  });

  it("adds a service's quantity to its line, or a new line, and re-prices the project", async () => {
    await handler.addService(id, session, 2);
    await handler.addService(id, prints, 1);

    const stored = projects.stored(id)!;
    expect(stored.lines.map((l) => [l.serviceId, l.quantity])).toEqual([
      [session, 3],
      [prints, 1],
    ]);
    expect(stored.price.cents).toBe(33000);
  });

  it('refuses an unknown service or project, changing nothing', async () => {
    await expect(handler.addService(id, 999, 1)).rejects.toMatchObject({ code: 'PROJECTS.SERVICE_NOT_FOUND' });
    await expect(handler.addService(404, prints, 1)).rejects.toMatchObject({ kind: 'not_found' });
    expect(projects.stored(id)!.lines).toHaveLength(1);
    expect(projects.stored(id)!.price.cents).toBe(10000);
  });
});
