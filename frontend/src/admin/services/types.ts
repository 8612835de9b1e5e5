import type { RaRecord } from 'react-admin';

/** A service of the catalogue (docs/api/back-office.md "Services"); money in dollars. */
export interface ServiceRecord extends RaRecord<number> {
  id: number;
  name: string;
  /** '' when empty */
  description: string;
  price: number;
  isStandard: boolean;
  creditEligible: boolean;
  /** ≥ 1 */
  creditCost: number;
}

/** POST /api/services and PUT /api/services/{id} (spec §7). */
export type ServiceData = Omit<ServiceRecord, 'id'>;
