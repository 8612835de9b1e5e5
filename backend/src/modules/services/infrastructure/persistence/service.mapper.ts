import { Money } from '../../../../shared/domain/money';
import { Service } from '../../domain/service';

/** A `services` row as raw SQL reads it with SERVICE_COLUMNS (the repository and the list queries). */
export interface ServiceRow {
  id: number;
  name: string;
  description: string;
  price_cents: string | number;
  is_standard: boolean;
  credit_eligible: boolean;
  credit_cost: number;
}

export const SERVICE_COLUMNS = 'id, name, description, price_cents, is_standard, credit_eligible, credit_cost';

export function serviceFromRow(r: ServiceRow): Service {
  return Service.create(r.id, {
    name: r.name,
    description: r.description,
    price: Money.ofCents(Number(r.price_cents)),
    isStandard: r.is_standard,
    creditEligible: r.credit_eligible,
    creditCost: r.credit_cost,
  });
}
