import { Injectable } from '@nestjs/common';
import type { User } from '../../../clients';
import { PaymentLedger } from '../../../payments';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { assertMayAccess } from '../../../../shared/auth/guards';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { StudioSettings } from '../../../studio';
import type { Project } from '../../domain/project';
import { alreadyPaid, projectNotFound, stillUnpaid } from '../../domain/projects.errors';
import { ProjectRepository } from '../ports/project.repository';
import { projectMarkedPaid } from '../project-audit';

/**
 * CONTRACT §3, §12. The admin's mark-paid records a completed manual payment of what is still owed, with
 * the note; the project is then paid because nothing is owed. The owner's call (no body) is the
 * all-credits case: it only confirms that nothing is owed.
 */
@Injectable()
export class MarkProjectPaidHandler {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly ledger: PaymentLedger,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
    private readonly studio: StudioSettings,
  ) {}

  byAdmin(projectId: number, note?: string | null): Promise<Project> {
    return this.tx.run(async () => {
      const project = await this.projects.findForUpdate(projectId);
      if (!project) throw projectNotFound();
      const owed = await this.projects.owed(project.id);
      // Owing nothing it is paid already, and nothing is recorded.
      if (owed.isZero()) throw alreadyPaid();
      await this.ledger.recordManual(project.id, project.clientId, owed, note, project.name);
      await this.projects.settle(project, project.isPaid);
      await this.audit.record(projectMarkedPaid(project, owed, (await this.studio.current()).money));
      return project;
    });
  }

  /**
   * The owner's all-credits call (CONTRACT §12) only confirms: it answers the project when nothing is owed
   * on it and refuses while something is. It never makes a project paid and changes nothing.
   */
  byOwner(projectId: number, user: User): Promise<Project> {
    return this.tx.run(async () => {
      const project = await this.projects.findForUpdate(projectId);
      if (!project) throw projectNotFound();
      assertMayAccess(user, project.clientId, 'Project');
      if (project.clientId !== user.id) throw projectNotFound(); // the owner's call only (CONTRACT §3); the admin has mark-paid
      const owed = await this.projects.owed(project.id);
      if (!owed.isZero()) throw stillUnpaid(owed, (await this.studio.current()).money);
      return project;
    });
  }
}
