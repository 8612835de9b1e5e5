import { Injectable } from '@nestjs/common';
import { HandlesDomainEvent, type DomainEventHandler } from '../../../../shared/events/domain-events';
import { InvoicePaidChanged } from '../../../billing';
import { ProjectRepository } from '../ports/project.repository';

/**
 * Billing decided a project's invoice is paid, or owes again (decision 0045): the projects' lists keep
 * that answer in `projects.is_paid` (their Status filter and sort run on its indexes), in the same transaction.
 */
@Injectable()
@HandlesDomainEvent(InvoicePaidChanged)
export class InvoicePaidChangedHandler implements DomainEventHandler<InvoicePaidChanged> {
  constructor(private readonly projects: ProjectRepository) {}

  handle(event: InvoicePaidChanged): Promise<void> {
    return this.projects.cachePaid(event.projectId, event.paid);
  }
}
