import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { amountText, creditsText, quoted } from '../../../../shared/audit/summary';
import type { MoneyStyle } from '../../../../shared/domain/money-format';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { StudioSettings } from '../../../studio';
import { BundleProps, CreditBundle } from '../../domain/credit-bundle';
import { BundleRepository } from '../ports/bundle.repository';

export const bundleNotFound = () => new NotFoundError('CREDITS.BUNDLE_NOT_FOUND', 'Credit bundle not found');

const described = (b: CreditBundle, style: MoneyStyle) =>
  `${quoted(b.props.name)} (${creditsText(b.props.creditAmount)} for ${amountText(b.props.price, style)})`;

/** The admin's bundle use cases (a CRUD-shaped part: one small service); each change is logged in its transaction. */
@Injectable()
export class BundleCatalogue {
  constructor(
    private readonly bundles: BundleRepository,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
    private readonly studio: StudioSettings,
  ) {}

  create(props: Omit<BundleProps, 'id'>): Promise<CreditBundle> {
    return this.tx.run(async () => {
      const bundle = await this.bundles.insert(CreditBundle.create({ ...props, id: 0 }).props);
      await this.audit.record({
        action: 'bundle.created',
        targetType: 'bundle',
        targetId: bundle.id,
        summary: `Created bundle ${described(bundle, (await this.studio.current()).money)}`,
      });
      return bundle;
    });
  }

  update(id: number, changes: Partial<Omit<BundleProps, 'id'>>): Promise<CreditBundle> {
    return this.tx.run(async () => {
      const current = await this.bundles.find(id);
      if (!current) throw bundleNotFound();
      const bundle = CreditBundle.create({ ...current.props, ...changes, id });
      await this.bundles.update(bundle);
      const active = current.props.isActive === bundle.props.isActive ? '' : bundle.props.isActive ? ', now active' : ', now inactive';
      await this.audit.record({
        action: 'bundle.updated',
        targetType: 'bundle',
        targetId: id,
        summary: `Updated bundle ${described(bundle, (await this.studio.current()).money)}${active}`,
      });
      return bundle;
    });
  }

  remove(id: number): Promise<void> {
    return this.tx.run(async () => {
      const bundle = await this.bundles.find(id);
      if (!bundle || !(await this.bundles.softDelete(id))) throw bundleNotFound();
      await this.audit.record({
        action: 'bundle.deleted',
        targetType: 'bundle',
        targetId: id,
        summary: `Deleted bundle ${described(bundle, (await this.studio.current()).money)}`,
      });
    });
  }
}
