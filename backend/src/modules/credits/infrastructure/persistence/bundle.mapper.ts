import { Money } from '../../../../shared/domain/money';
import { CreditBundle } from '../../domain/credit-bundle';

/** A `credit_bundles` row as raw SQL reads it with BUNDLE_COLUMNS (the repository and the list queries). */
export interface BundleRow {
  id: number;
  name: string;
  description: string;
  credit_amount: number;
  price_cents: string;
  is_active: boolean;
}

export const BUNDLE_COLUMNS = 'id, name, description, credit_amount, price_cents, is_active';

export const bundleFromRow = (r: BundleRow) =>
  CreditBundle.create({
    id: r.id,
    name: r.name,
    description: r.description,
    creditAmount: r.credit_amount,
    price: Money.ofCents(Number(r.price_cents)),
    isActive: r.is_active,
  });
