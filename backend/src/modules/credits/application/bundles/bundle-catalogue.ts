import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { BundleProps, CreditBundle } from '../../domain/credit-bundle';
import { BundleRepository } from '../ports/bundle.repository';

export const bundleNotFound = () => new NotFoundError('CREDITS.BUNDLE_NOT_FOUND', 'Credit bundle not found');

/** The admin's bundle use cases (a CRUD-shaped part: one small service). */
@Injectable()
export class BundleCatalogue {
  constructor(private readonly bundles: BundleRepository) {}

  create(props: Omit<BundleProps, 'id'>): Promise<CreditBundle> {
    return this.bundles.insert(CreditBundle.create({ ...props, id: 0 }).props);
  }

  async update(id: number, changes: Partial<Omit<BundleProps, 'id'>>): Promise<CreditBundle> {
    const current = await this.bundles.find(id);
    if (!current) throw bundleNotFound();
    const bundle = CreditBundle.create({ ...current.props, ...changes, id });
    await this.bundles.update(bundle);
    return bundle;
  }

  async remove(id: number): Promise<void> {
    if (!(await this.bundles.softDelete(id))) throw bundleNotFound();
  }
}
