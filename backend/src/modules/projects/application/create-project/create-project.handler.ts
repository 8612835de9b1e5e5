import { Injectable } from '@nestjs/common';
import { UserRepository } from '../../../clients';
import { EmailOutbox, projectNotificationEmail } from '../../../email';
import { PaymentLedger } from '../../../payments';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { AppConfig } from '../../../../shared/config/app-config';
import { Money } from '../../../../shared/domain/money';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { StudioSettings } from '../../../studio';
import { Project, ProjectDetails } from '../../domain/project';
import { clientNotFound } from '../../domain/projects.errors';
import { LineBuilder, SelectedService } from '../line-builder';
import { projectCreated, projectMarkedPaid } from '../project-audit';
import { ProjectRepository } from '../ports/project.repository';

export interface CreateProjectCommand {
  details: ProjectDetails;
  selectedServices: SelectedService[];
  price: Money;
  /** The deposit asked before the rest (CONTRACT §11), null for none. */
  deposit?: Money | null;
  /** 'Mark as Already Paid': a completed manual payment of the price is recorded with the project. */
  isPaid: boolean;
}

/** The admin creates a project for a client; the client is told by e-mail once it is committed. */
@Injectable()
export class CreateProjectHandler {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly users: UserRepository,
    private readonly lines: LineBuilder,
    private readonly ledger: PaymentLedger,
    private readonly outbox: EmailOutbox,
    private readonly tx: TransactionHost,
    private readonly config: AppConfig,
    private readonly audit: AuditTrail,
    private readonly studio: StudioSettings,
  ) {}

  execute(cmd: CreateProjectCommand): Promise<Project> {
    return this.tx.run(async () => {
      const client = await this.users.findById(cmd.details.clientId);
      if (!client) throw clientNotFound();
      const style = (await this.studio.current()).money;
      const project = await this.projects.insert(
        Project.create(cmd.details, await this.lines.build(cmd.selectedServices), cmd.price, new Date(), cmd.deposit ?? null, style),
      );
      await this.audit.record(projectCreated(project, client.username, cmd.isPaid, style));
      const owed = cmd.isPaid ? await this.projects.owed(project.id) : null;
      if (owed && !owed.isZero()) {
        await this.ledger.recordManual(project.id, project.clientId, owed, undefined, project.name);
        await this.audit.record(projectMarkedPaid(project, owed, style));
      }
      // Paid when nothing is owed (CONTRACT §12), and then the integrators' project.paid.
      await this.projects.settle(project, false);
      await this.outbox.enqueue(
        projectNotificationEmail({
          to: client.email,
          username: client.username,
          projectName: project.name,
          priceCents: project.price.cents,
          appUrl: this.config.appUrl,
        }),
      );
      return project;
    });
  }
}
