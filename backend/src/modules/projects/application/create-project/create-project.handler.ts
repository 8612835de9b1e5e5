import { Injectable } from '@nestjs/common';
import { UserRepository } from '../../../clients';
import { EmailOutbox, projectNotificationEmail } from '../../../email';
import { PaymentLedger } from '../../../payments';
import { AppConfig } from '../../../../shared/config/app-config';
import { Money } from '../../../../shared/domain/money';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { Project, ProjectDetails } from '../../domain/project';
import { clientNotFound } from '../../domain/projects.errors';
import { LineBuilder, SelectedService } from '../line-builder';
import { ProjectRepository } from '../ports/project.repository';

export interface CreateProjectCommand {
  details: ProjectDetails;
  selectedServices: SelectedService[];
  price: Money;
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
  ) {}

  execute(cmd: CreateProjectCommand): Promise<Project> {
    return this.tx.run(async () => {
      const client = await this.users.findById(cmd.details.clientId);
      if (!client) throw clientNotFound();
      const project = await this.projects.insert(
        Project.create(cmd.details, await this.lines.build(cmd.selectedServices), cmd.price, new Date()),
      );
      if (cmd.isPaid) {
        await this.ledger.recordManual(project.id, project.clientId, project.price);
        project.markPaid();
        await this.projects.update(project);
      }
      await this.outbox.enqueue(
        projectNotificationEmail({
          to: client.email,
          username: client.username,
          projectName: project.name,
          price: project.price.dollars,
          appUrl: this.config.appUrl,
        }),
      );
      return project;
    });
  }
}
