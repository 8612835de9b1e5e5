import { Injectable } from '@nestjs/common';
import { ServiceRepository } from '../../services';
import { lineServiceNotFound } from '../domain/projects.errors';
import type { ProjectLine } from '../domain/project';

export interface SelectedService {
  serviceId: number;
  quantity: number;
}

/** Turns the form's selectedServices into priced lines, from the catalogue's current prices. */
@Injectable()
export class LineBuilder {
  constructor(private readonly services: ServiceRepository) {}

  async build(selected: SelectedService[]): Promise<ProjectLine[]> {
    const ids = [...new Set(selected.map((s) => s.serviceId))];
    const found = new Map((await this.services.findManyByIds(ids)).map((s) => [s.id, s]));
    return selected.map((s) => {
      const service = found.get(s.serviceId);
      if (!service) throw lineServiceNotFound();
      return { serviceId: s.serviceId, quantity: s.quantity, unitPrice: service.price };
    });
  }
}
