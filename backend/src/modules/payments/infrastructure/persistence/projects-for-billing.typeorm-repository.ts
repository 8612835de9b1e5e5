import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { BillableProject, ProjectsForBilling } from '../../application/ports/projects-for-billing';

/**
 * Reads the `projects` rows that payments need, without importing the projects module (which depends on this
 * one). It writes none; what a project owes and whether it is paid are billing's (decision 0045).
 */
@Injectable()
export class ProjectsForBillingTypeormRepository extends ProjectsForBilling {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private async one(projectId: number, lock: boolean): Promise<BillableProject | null> {
    const rows: Array<{ id: number; name: string; client_id: number }> = await this.tx.manager.query(
      `SELECT p.id, p.name, p.client_id FROM projects p WHERE p.id = $1 AND p.deleted_at IS NULL${lock ? ' FOR UPDATE OF p' : ''}`,
      [projectId],
    );
    const r = rows[0];
    return r ? { id: r.id, name: r.name, clientId: r.client_id } : null;
  }

  find(projectId: number): Promise<BillableProject | null> {
    return this.one(projectId, false);
  }

  findForUpdate(projectId: number): Promise<BillableProject | null> {
    return this.one(projectId, true);
  }
}
