/** What paying needs to know of a project: whose it is and its name (what it owes is billing's). */
export interface BillableProject {
  id: number;
  /** Its name, for the activity log's line. */
  name?: string;
  clientId: number;
}

/** Port: the projects side of a payment (read the owner and name, lock the row). */
export abstract class ProjectsForBilling {
  abstract find(projectId: number): Promise<BillableProject | null>;
  /** The project with its row locked until the open transaction ends. */
  abstract findForUpdate(projectId: number): Promise<BillableProject | null>;
}
