import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients';
import { EmailModule } from '../email';
import { PaymentsModule } from '../payments';
import { ServicesModule } from '../services';
import { CreateProjectHandler } from './application/create-project/create-project.handler';
import { ProjectMaintenanceHandler } from './application/delete-project/delete-project.handler';
import { LineBuilder } from './application/line-builder';
import { MarkProjectPaidHandler } from './application/mark-project-paid/mark-project-paid.handler';
import { ProjectRepository } from './application/ports/project.repository';
import { UpdateProjectHandler } from './application/update-project/update-project.handler';
import { ProjectPaymentsController } from './infrastructure/http/project-payments.controller';
import { ProjectsController } from './infrastructure/http/projects.controller';
import { ProjectQueries } from './infrastructure/persistence/project.queries';
import { ProjectTypeormRepository } from './infrastructure/persistence/project.typeorm-repository';

@Module({
  imports: [ClientsModule, ServicesModule, PaymentsModule, EmailModule],
  controllers: [ProjectsController, ProjectPaymentsController],
  providers: [
    LineBuilder,
    CreateProjectHandler,
    UpdateProjectHandler,
    MarkProjectPaidHandler,
    ProjectMaintenanceHandler,
    ProjectQueries,
    { provide: ProjectRepository, useClass: ProjectTypeormRepository },
  ],
  exports: [ProjectRepository, ProjectQueries],
})
export class ProjectsModule {}
