import type { BundleProps, CreditBundle } from '../../domain/credit-bundle';

/** Port: the bundles on sale. Deleted ones are hidden but stay for the purchases made with them. */
export abstract class BundleRepository {
  abstract find(id: number): Promise<CreditBundle | null>;
  abstract insert(props: Omit<BundleProps, 'id'>): Promise<CreditBundle>;
  abstract update(bundle: CreditBundle): Promise<void>;
  abstract softDelete(id: number): Promise<boolean>;
}
