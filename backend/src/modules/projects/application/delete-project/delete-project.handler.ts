import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { amountText, quoted } from '../../../../shared/audit/summary';
import { DomainEventPublisher } from '../../../../shared/events/domain-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { StudioSettings } from '../../../studio';
import { ProjectDeleted } from '../../domain/project-deleted';
import type { Project } from '../../domain/project';
import { projectNotFound } from '../../domain/projects.errors';
import { LineBuilder } from '../line-builder';
import { ProjectRepository } from '../ports/project.repository';
import { projectDeleted } from '../project-audit';

/** Small project commands: delete (payments stay readable, CONTRACT §6) and add-service (spec §7). */
@Injectable()
export class ProjectMaintenanceHandler {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly lines: LineBuilder,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
    private readonly events: DomainEventPublisher,
    private readonly studio: StudioSettings,
  ) {}

  delete(id: number): Promise<void> {
    return this.tx.run(async () => {
      const project = await this.projects.findForUpdate(id);
      if (!project || !(await this.projects.softDelete(id))) throw projectNotFound();
      await this.audit.record(projectDeleted(project, (await this.studio.current()).money));
      await this.events.publish(new ProjectDeleted(id));
    });
  }

  addService(id: number, serviceId: number, quantity: number): Promise<Project> {
    return this.tx.run(async () => {
      const project = await this.projects.findForUpdate(id);
      if (!project) throw projectNotFound();
      const [line] = await this.lines.build([{ serviceId, quantity }]);
      const before = project.price;
      project.addLine(line);
      const wasPaid = project.isPaid;
      await this.projects.update(project);
      // A paid project that gains a service owes it, and is unpaid again (CONTRACT §12).
      await this.projects.settle(project, wasPaid);
      const style = (await this.studio.current()).money;
      await this.audit.record({
        action: 'project.updated',
        targetType: 'project',
        targetId: project.id,
        summary: `Added ${quantity} × service #${serviceId} to project ${quoted(project.name)}: price ${amountText(before, style)} → ${amountText(project.price, style)}`,
      });
      return project;
    });
  }
}
