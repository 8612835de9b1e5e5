/** The projects module's public surface. */
export { ProjectsModule } from './projects.module';
export { ProjectRepository } from './application/ports/project.repository';
export { PROJECT_KEPT_ROUTES } from './infrastructure/http/project-lists';
