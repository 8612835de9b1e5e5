import { Module } from '@nestjs/common';
import { AppConfig } from '../../shared/config/app-config';
import { ListCache } from '../../shared/http/list-cache';
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
    // The Projects page's and My Projects' kept answers (decision 0016): at most 2,000, within LIST_CACHE_MB.
    { provide: ListCache, inject: [AppConfig], useFactory: (config: AppConfig) => new ListCache({ maxEntries: config.listCacheMb ? 2000 : 0, maxBytes: config.listCacheMb * 1024 * 1024 }) },
    { provide: ProjectRepository, useClass: ProjectTypeormRepository },
  ],
  exports: [ProjectRepository, ProjectQueries],
})
export class ProjectsModule {}
