/** What paying needs to know of a project. */
export interface BillableProject {
  id: number;
  /** Its name, for the activity log's line. */
  name?: string;
  clientId: number;
  priceCents: number;
  /** The money value of its services paid with credits. */
  creditCoveredCents: number;
  /** The deposit it asks before the rest (CONTRACT §11); null or absent when none. */
  depositCents?: number | null;
  /** What was refunded of its payments (a new card payment after a refund is a new intent). */
  refundedCents?: number;
  isPaid: boolean;
}

/** Port: the projects side of a payment (read the price, lock the row, mark it paid). */
export abstract class ProjectsForBilling {
  abstract find(projectId: number): Promise<BillableProject | null>;
  /** The project with its row locked until the open transaction ends. */
  abstract findForUpdate(projectId: number): Promise<BillableProject | null>;
  abstract markPaid(projectId: number): Promise<void>;
  /** A paid project owes money again (a refund): it becomes unpaid. */
  abstract markUnpaid(projectId: number): Promise<void>;
}
