import { Injectable } from '@nestjs/common';
import { creditCoveredCents } from '../../../../shared/database/sql/credit-covered';
import { owedCents } from '../../../../shared/database/sql/owed-cents';
import { ProjectSnapshots, WebhookEvents } from '../../../../shared/integrations/webhook-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { BillableProject, ProjectsForBilling } from '../../application/ports/projects-for-billing';

/**
 * Reads the `projects` rows that payments need, without importing the projects module (which depends on this
 * one). It writes none: whether a project is paid is kept by the database from what is owed (decision 0038).
 */
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
      owed: string;
      covered: string;
      refunded: string;
    }> = await this.tx.manager.query(
      `SELECT p.id, p.name, p.client_id, p.price_cents, p.deposit_cents, p.is_paid, ${owedCents('p')} AS owed, ${creditCoveredCents('p')} AS covered,
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
          owedCents: Number(r.owed),
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

  async settle(projectId: number, wasPaid: boolean): Promise<boolean> {
    const rows: Array<{ is_paid: boolean }> = await this.tx.manager.query(`SELECT is_paid FROM projects WHERE id = $1`, [projectId]);
    const paid = rows[0]?.is_paid ?? false;
    // The integrators' project.paid (CONTRACT §9), in the transaction of the payment that paid it. Becoming
    // unpaid again (a refund) has no event of its own: the refund is the integrators' payment.refunded.
    if (paid && !wasPaid) await this.webhooks.emit('project.paid', () => this.snapshots.project(projectId));
    return paid;
  }
}
