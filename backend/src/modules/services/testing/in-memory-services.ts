/** An in-memory fake of the services port, for the specs of the modules that price or credit services. */
import { ServiceRepository } from '../application/ports/service.repository';
import { Service, ServiceInput } from '../domain/service';

/** The catalogue; deleted services are hidden from finders but kept. */
export class InMemoryServices extends ServiceRepository {
  readonly rows = new Map<number, { service: Service; deleted: boolean }>();
  private nextId = 1;

  private live(): Service[] {
    return [...this.rows.values()].filter((r) => !r.deleted).map((r) => r.service);
  }

  async findById(id: number): Promise<Service | null> {
    return this.live().find((s) => s.id === id) ?? null;
  }

  async findManyByIds(ids: number[]): Promise<Service[]> {
    return this.live().filter((s) => ids.includes(s.id));
  }

  /** The service priced like the project, else the one with the lowest id (spec §7). */
  async findDefaultFor(priceCents: number): Promise<Service | null> {
    const live = this.live().sort((a, b) => a.id - b.id);
    return live.find((s) => s.price.cents === priceCents) ?? live[0] ?? null;
  }

  async insert(input: ServiceInput): Promise<Service> {
    const service = Service.create(this.nextId++, input);
    this.rows.set(service.id, { service, deleted: false });
    return service;
  }

  async update(service: Service): Promise<void> {
    const row = this.rows.get(service.id);
    if (row && !row.deleted) row.service = service;
  }

  async softDelete(id: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.deleted) return false;
    row.deleted = true;
    return true;
  }
}
