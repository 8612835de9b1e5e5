import { Injectable } from '@nestjs/common';
import { UserRepository } from '../../../clients';
import { PaymentLedger } from '../../../payments';
import { ServiceRepository } from '../../../services';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { Money } from '../../../../shared/domain/money';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { StudioSettings } from '../../../studio';
import type { Project, ProjectDetails } from '../../domain/project';
import { clientNotFound, projectNotFound } from '../../domain/projects.errors';
import { LineBuilder, SelectedService } from '../line-builder';
import { projectMarkedPaid, projectUpdated } from '../project-audit';
import { ProjectRepository } from '../ports/project.repository';

export interface UpdateProjectCommand {
  id: number;
  details: ProjectDetails;
  /** undefined keeps the lines; an array replaces them. */
  selectedServices?: SelectedService[];
  price: Money;
  /** The deposit (CONTRACT §11): undefined keeps the project's, null removes it. */
  deposit?: Money | null;
  isPaid: boolean;
}

/**
 * The admin edits a project. The price is recomputed from the lines. A project left without lines
 * gets the default service of spec §7 (the one priced like the project, else the first service).
 * Ticking 'paid' on an unpaid project records a manual payment of what it still owes; an edit that raises
 * the price of a paid project makes it owe the difference and unpaid again (CONTRACT §12).
 */
@Injectable()
export class UpdateProjectHandler {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly users: UserRepository,
    private readonly services: ServiceRepository,
    private readonly lines: LineBuilder,
    private readonly ledger: PaymentLedger,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
    private readonly studio: StudioSettings,
  ) {}

  execute(cmd: UpdateProjectCommand): Promise<Project> {
    return this.tx.run(async () => {
      const project = await this.projects.findForUpdate(cmd.id);
      if (!project) throw projectNotFound();
      const formerClient = await this.users.findById(project.clientId);
      const client = cmd.details.clientId === project.clientId ? formerClient : await this.users.findById(cmd.details.clientId);
      if (cmd.details.clientId !== project.clientId && !client) throw clientNotFound();
      const clientName = (c: typeof client, id: number) => c?.username ?? `client #${id}`;
      const before = {
        name: project.name,
        clientName: clientName(formerClient, project.clientId),
        price: project.price,
        deposit: project.deposit,
      };
      project.setDetails(cmd.details);
      const lines = cmd.selectedServices ? await this.lines.build(cmd.selectedServices) : [...project.lines];
      const priceWithoutLines = cmd.selectedServices ? cmd.price : project.price;
      if (lines.length === 0) {
        const fallback = await this.services.findDefaultFor(priceWithoutLines.cents);
        if (fallback) lines.push({ serviceId: fallback.id, quantity: 1, unitPrice: fallback.price });
      }
      const style = (await this.studio.current()).money;
      project.setLines(lines, priceWithoutLines, cmd.deposit === undefined ? project.deposit : cmd.deposit, style);
      await this.audit.record(projectUpdated(before, project, clientName(client, cmd.details.clientId), style));
      const wasPaid = project.isPaid;
      await this.projects.update(project);
      // 'Mark as Already Paid' ticked on a project that was unpaid: a manual payment of what it owes as
      // edited. On a project paid before the edit, `isPaid: true` is its state sent back (the form, or a
      // client that PUTs what it read), never a payment: a service added to it is owed (CONTRACT §12), and
      // the studio's mark-paid records it. Unticked changes nothing: paid is what is owed, not a choice.
      const owed = cmd.isPaid && !wasPaid ? await this.projects.owed(project.id) : null;
      if (owed && !owed.isZero()) {
        await this.ledger.recordManual(project.id, project.clientId, owed, undefined, project.name);
        await this.audit.record(projectMarkedPaid(project, owed, style));
      }
      await this.projects.settle(project, wasPaid);
      return project;
    });
  }
}
