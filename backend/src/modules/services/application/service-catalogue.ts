import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../../../shared/audit/audit-trail';
import { amountText, quoted } from '../../../shared/audit/summary';
import { NotFoundError } from '../../../shared/errors/domain-error';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import { StudioSettings } from '../../studio';
import { Service, ServiceInput } from '../domain/service';
import { ServiceRepository } from './ports/service.repository';

export const serviceNotFound = () => new NotFoundError('SERVICES.NOT_FOUND', 'Service not found');

/**
 * Use cases of the catalogue (a CRUD-shaped module: one small service instead of a handler per call).
 * Each change is one transaction with its line in the activity log.
 */
@Injectable()
export class ServiceCatalogue {
  constructor(
    private readonly services: ServiceRepository,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
    private readonly studio: StudioSettings,
  ) {}

  create(input: ServiceInput): Promise<Service> {
    return this.tx.run(async () => {
      const service = await this.services.insert(Service.create(0, input).props);
      const style = (await this.studio.current()).money;
      await this.audit.record({
        action: 'service.created',
        targetType: 'service',
        targetId: service.id,
        summary: `Created service ${quoted(service.props.name)} (${amountText(service.price, style)})`,
      });
      return service;
    });
  }

  update(id: number, input: ServiceInput): Promise<Service> {
    return this.tx.run(async () => {
      const before = await this.services.findById(id);
      if (!before) throw serviceNotFound();
      const service = Service.create(id, input);
      await this.services.update(service);
      const style = (await this.studio.current()).money;
      const price = before.price.equals(service.price)
        ? ''
        : `: price ${amountText(before.price, style)} → ${amountText(service.price, style)}`;
      const renamed = before.props.name === service.props.name ? '' : ` (was ${quoted(before.props.name)})`;
      await this.audit.record({
        action: 'service.updated',
        targetType: 'service',
        targetId: id,
        summary: `Updated service ${quoted(service.props.name)}${renamed}${price}`,
      });
      return service;
    });
  }

  remove(id: number): Promise<void> {
    return this.tx.run(async () => {
      const service = await this.services.findById(id);
      if (!service || !(await this.services.softDelete(id))) throw serviceNotFound();
      await this.audit.record({
        action: 'service.deleted',
        targetType: 'service',
        targetId: id,
        summary: `Deleted service ${quoted(service.props.name)}`,
      });
    });
  }
}
