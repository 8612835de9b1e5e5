/** The projects module's public surface. */
export { ProjectsModule } from './projects.module';
export { ProjectRepository } from './application/ports/project.repository';
export { ProjectDeleted } from './domain/project-deleted';
