import type { Service, ServiceInput } from '../../domain/service';

/** Port: the catalogue. Deleted services are hidden from finders but stay for old project lines. */
export abstract class ServiceRepository {
  abstract findById(id: number): Promise<Service | null>;
  abstract findManyByIds(ids: number[]): Promise<Service[]>;
  /** The default-service rule of spec §7: the service priced like the project, else the first one. */
  abstract findDefaultFor(priceCents: number): Promise<Service | null>;
  abstract insert(input: ServiceInput): Promise<Service>;
  abstract update(service: Service): Promise<void>;
  abstract softDelete(id: number): Promise<boolean>;
}
