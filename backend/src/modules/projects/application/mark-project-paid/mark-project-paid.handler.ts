import { Injectable } from '@nestjs/common';
import type { User } from '../../../clients';
import { PaymentLedger } from '../../../payments';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { Money } from '../../../../shared/domain/money';
import { assertMayAccess } from '../../../../shared/auth/guards';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import type { Project } from '../../domain/project';
import { alreadyPaid, projectNotFound, stillUnpaid } from '../../domain/projects.errors';
import { ProjectRepository } from '../ports/project.repository';
import { projectMarkedPaid } from '../project-audit';

/**
 * CONTRACT §3. The admin's mark-paid records a completed manual payment of what is still owed, with
 * the note. The owner's call (no body) is the all-credits case: it only marks a project that owes nothing.
 */
@Injectable()
export class MarkProjectPaidHandler {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly ledger: PaymentLedger,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
  ) {}

  byAdmin(projectId: number, note?: string | null): Promise<Project> {
    return this.tx.run(async () => {
      const project = await this.projects.findForUpdate(projectId);
      if (!project) throw projectNotFound();
      if (project.isPaid) throw alreadyPaid();
      const owed = project.unpaidAfter(await this.ledger.paidTowards(project.id));
      await this.ledger.recordManual(project.id, project.clientId, owed, note, project.name);
      project.markPaid();
      await this.projects.update(project);
      await this.audit.record(projectMarkedPaid(project, owed));
      return project;
    });
  }

  byOwner(projectId: number, user: User): Promise<Project> {
    return this.tx.run(async () => {
      const project = await this.projects.findForUpdate(projectId);
      if (!project) throw projectNotFound();
      assertMayAccess(user, project.clientId, 'Project');
      if (project.clientId !== user.id) throw projectNotFound(); // the owner's call only (CONTRACT §3); the admin has mark-paid
      if (project.isPaid) return project;
      const owed = project.unpaidAfter(await this.ledger.paidTowards(project.id));
      if (!owed.isZero()) throw stillUnpaid(owed.dollars.toFixed(2));
      project.markPaid();
      await this.projects.update(project);
      await this.audit.record(projectMarkedPaid(project, Money.ZERO));
      return project;
    });
  }
}
