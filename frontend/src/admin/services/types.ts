import type { Service } from '../../shared/api/schema';

/** A service of the catalogue (docs/api/back-office.md "Services"); money in dollars, description '' when empty, creditCost ≥ 1. */
export type ServiceRecord = Service;

/** POST /api/services and PUT /api/services/{id} (spec §7). */
export type ServiceData = Omit<ServiceRecord, 'id'>;
