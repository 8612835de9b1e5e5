import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import type { Project } from '../../domain/project';
import { projectNotFound } from '../../domain/projects.errors';
import { LineBuilder } from '../line-builder';
import { ProjectRepository } from '../ports/project.repository';

/** Small project commands: delete (payments stay readable, CONTRACT §6) and add-service (spec §7). */
@Injectable()
export class ProjectMaintenanceHandler {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly lines: LineBuilder,
    private readonly tx: TransactionHost,
  ) {}

  async delete(id: number): Promise<void> {
    if (!(await this.projects.softDelete(id))) throw projectNotFound();
  }

  addService(id: number, serviceId: number, quantity: number): Promise<Project> {
    return this.tx.run(async () => {
      const project = await this.projects.findForUpdate(id);
      if (!project) throw projectNotFound();
      const [line] = await this.lines.build([{ serviceId, quantity }]);
      project.addLine(line);
      await this.projects.update(project);
      return project;
    });
  }
}
