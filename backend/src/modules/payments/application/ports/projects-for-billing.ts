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
  /** What is still owed on it (CONTRACT §12: the database's one rule, `project_owed_cents`). */
  owedCents: number;
  /** Nothing is owed (the database keeps it from what is owed; nobody marks it). */
  isPaid: boolean;
}

/** Port: the projects side of a payment (read the price and what is owed, lock the row). */
export abstract class ProjectsForBilling {
  abstract find(projectId: number): Promise<BillableProject | null>;
  /** The project with its row locked until the open transaction ends. */
  abstract findForUpdate(projectId: number): Promise<BillableProject | null>;
  /**
   * After a change of the project's money in the open transaction: whether it is paid now (the database
   * derived it from what is owed) and, when this change made it paid (`wasPaid` false), the integrators'
   * project.paid event, in that transaction.
   */
  abstract settle(projectId: number, wasPaid: boolean): Promise<boolean>;
}
