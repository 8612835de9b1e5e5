import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error';
import { Service, ServiceInput } from '../domain/service';
import { ServiceRepository } from './ports/service.repository';

export const serviceNotFound = () => new NotFoundError('SERVICES.NOT_FOUND', 'Service not found');

/** Use cases of the catalogue (a CRUD-shaped module: one small service instead of a handler per call). */
@Injectable()
export class ServiceCatalogue {
  constructor(private readonly services: ServiceRepository) {}

  create(input: ServiceInput): Promise<Service> {
    return this.services.insert(Service.create(0, input).props);
  }

  async update(id: number, input: ServiceInput): Promise<Service> {
    if (!(await this.services.findById(id))) throw serviceNotFound();
    const service = Service.create(id, input);
    await this.services.update(service);
    return service;
  }

  async remove(id: number): Promise<void> {
    if (!(await this.services.softDelete(id))) throw serviceNotFound();
  }
}
