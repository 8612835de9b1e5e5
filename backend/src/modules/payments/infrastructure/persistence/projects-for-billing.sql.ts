import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { BillableProject, ProjectsForBilling } from '../../application/ports/projects-for-billing';

/** Reads and marks the `projects` rows that payments need, without importing the projects module (which depends on this one). */
@Injectable()
export class ProjectsForBillingSql extends ProjectsForBilling {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private async one(projectId: number, lock: boolean): Promise<BillableProject | null> {
    const rows: Array<{ id: number; client_id: number; price_cents: string; is_paid: boolean }> = await this.tx.manager.query(
      `SELECT id, client_id, price_cents, is_paid FROM projects WHERE id = $1 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
      [projectId],
    );
    const r = rows[0];
    return r ? { id: r.id, clientId: r.client_id, priceCents: Number(r.price_cents), isPaid: r.is_paid } : null;
  }

  find(projectId: number): Promise<BillableProject | null> {
    return this.one(projectId, false);
  }

  findForUpdate(projectId: number): Promise<BillableProject | null> {
    return this.one(projectId, true);
  }

  async markPaid(projectId: number): Promise<void> {
    await this.tx.manager.query(`UPDATE projects SET is_paid = true, updated_at = now() WHERE id = $1`, [projectId]);
  }
}
