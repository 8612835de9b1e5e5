/** The services module's public surface. */
export { ServicesModule } from './services.module';
export { ServiceRepository } from './application/ports/service.repository';
export { Service } from './domain/service';
export { serviceNotFound } from './application/service-catalogue';
