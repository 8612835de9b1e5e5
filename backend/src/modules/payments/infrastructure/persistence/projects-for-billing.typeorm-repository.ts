import { Injectable } from '@nestjs/common';
import { creditCoveredCents } from '../../../../shared/database/sql/credit-covered';
import { ProjectSnapshots, WebhookEvents } from '../../../../shared/integrations/webhook-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { BillableProject, ProjectsForBilling } from '../../application/ports/projects-for-billing';
import { returnedRows } from '../../../../shared/database/returned-rows';

/** Reads and marks the `projects` rows that payments need, without importing the projects module (which depends on this one). */
@Injectable()
export class ProjectsForBillingTypeormRepository extends ProjectsForBilling {
  constructor(
    private readonly tx: TransactionHost,
    private readonly webhooks: WebhookEvents,
    private readonly snapshots: ProjectSnapshots,
  ) {
    super();
  }

  private async one(projectId: number, lock: boolean): Promise<BillableProject | null> {
    const rows: Array<{
      id: number;
      name: string;
      client_id: number;
      price_cents: string;
      deposit_cents: string | null;
      is_paid: boolean;
      covered: string;
      refunded: string;
    }> = await this.tx.manager.query(
      `SELECT p.id, p.name, p.client_id, p.price_cents, p.deposit_cents, p.is_paid, ${creditCoveredCents('p')} AS covered,
              (SELECT coalesce(sum(pay.refunded_cents), 0) FROM payments pay WHERE pay.project_id = p.id) AS refunded
         FROM projects p WHERE p.id = $1 AND p.deleted_at IS NULL${lock ? ' FOR UPDATE OF p' : ''}`,
      [projectId],
    );
    const r = rows[0];
    return r
      ? {
          id: r.id,
          name: r.name,
          clientId: r.client_id,
          priceCents: Number(r.price_cents),
          creditCoveredCents: Number(r.covered),
          depositCents: r.deposit_cents === null ? null : Number(r.deposit_cents),
          refundedCents: Number(r.refunded),
          isPaid: r.is_paid,
        }
      : null;
  }

  find(projectId: number): Promise<BillableProject | null> {
    return this.one(projectId, false);
  }

  findForUpdate(projectId: number): Promise<BillableProject | null> {
    return this.one(projectId, true);
  }

  async markPaid(projectId: number): Promise<void> {
    const result: unknown = await this.tx.manager.query(
      `UPDATE projects SET is_paid = true, updated_at = now() WHERE id = $1 AND NOT is_paid RETURNING id`,
      [projectId],
    );
    const changed = returnedRows(result).length > 0;
    // The integrators' project.paid (CONTRACT §9), in the transaction of the payment that paid it.
    if (changed) await this.webhooks.emit('project.paid', () => this.snapshots.project(projectId));
  }

  async markUnpaid(projectId: number): Promise<void> {
    // No event of its own: the refund that caused it is the integrators' payment.refunded.
    await this.tx.manager.query(`UPDATE projects SET is_paid = false, updated_at = now() WHERE id = $1 AND is_paid`, [projectId]);
  }
}
