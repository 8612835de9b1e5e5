import type { Money } from '../../../../shared/domain/money';
import type { Payment } from '../../domain/payment';

/** Port: the payments ledger. Rows are only ever added; nothing deletes them (CONTRACT §6). */
export abstract class PaymentRepository {
  abstract add(payment: Payment): Promise<number>;
  /** Adds a card payment unless one with its provider id exists; answers its id, or null when it was not added. */
  abstract addOnce(payment: Payment): Promise<number | null>;
  /** The sum of completed payments of a project. */
  abstract completedTotal(projectId: number): Promise<Money>;
}
