import { Global, Module } from '@nestjs/common';
import { ProjectSnapshots } from '../../shared/integrations/webhook-events';
import { DomainEventsModule } from '../../shared/events/in-process-domain-events';
import { ClientsModule } from '../clients';
import { EmailModule } from '../email';
import { PaymentsModule } from '../payments';
import { ServicesModule } from '../services';
import { CreateProjectHandler } from './application/create-project/create-project.handler';
import { ProjectMaintenanceHandler } from './application/delete-project/delete-project.handler';
import { LineBuilder } from './application/line-builder';
import { MarkProjectPaidHandler } from './application/mark-project-paid/mark-project-paid.handler';
import { InvoicePaidChangedHandler } from './application/paid-cache/invoice-paid-changed.handler';
import { ProjectRepository } from './application/ports/project.repository';
import { UpdateProjectHandler } from './application/update-project/update-project.handler';
import { ProjectPaymentsController } from './infrastructure/http/project-payments.controller';
import { ProjectsController } from './infrastructure/http/projects.controller';
import { ProjectQueries } from './infrastructure/persistence/project.queries';
import { ProjectTypeormRepository } from './infrastructure/persistence/project.typeorm-repository';

/**
 * The projects' read side, global: payments marks a project paid without importing this module (which
 * depends on payments), and its project.paid webhook event carries the project as the API shows it.
 */
@Global()
@Module({
  providers: [ProjectQueries, { provide: ProjectSnapshots, useExisting: ProjectQueries }],
  exports: [ProjectQueries, ProjectSnapshots],
})
export class ProjectReadModule {}

@Module({
  imports: [ClientsModule, ServicesModule, PaymentsModule, EmailModule, ProjectReadModule, DomainEventsModule],
  controllers: [ProjectsController, ProjectPaymentsController],
  providers: [
    LineBuilder,
    CreateProjectHandler,
    UpdateProjectHandler,
    MarkProjectPaidHandler,
    ProjectMaintenanceHandler,
    InvoicePaidChangedHandler,
    { provide: ProjectRepository, useClass: ProjectTypeormRepository },
  ],
  exports: [ProjectRepository, ProjectReadModule],
})
export class ProjectsModule {}
