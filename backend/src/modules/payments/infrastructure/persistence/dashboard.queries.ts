import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Billing, InvoiceReads } from '../../../billing';
import type { ActivityItem, DashboardResponse } from '../http/dto/payment.response';

/**
 * The dashboard's figures (CONTRACT §3), computed by the database: revenue = completed payments of
 * the current calendar month in the admin's time zone less the refunds made in that month (net of
 * refunds, CONTRACT §11; decision 0032); pending = what the open invoices still owe and overdue = what
 * their installments past due owe (billing's stored figures, CONTRACT §14);
 * active clients = accounts with role client; recent activity = the 5 newest payments, projects and
 * client registrations.
 */
@Injectable()
export class DashboardQueries {
  constructor(
    private readonly db: DataSource,
    private readonly invoices: InvoiceReads,
    private readonly billing: Billing,
  ) {}

  async figures(tz: string): Promise<DashboardResponse> {
    const [figures]: Array<{
      revenue_cents: string;
      revenue_count: string;
      month: string;
      pending_cents: string;
      pending_count: string;
      clients: string;
    }> = await this.db.query(
      `WITH bounds AS (SELECT date_trunc('month', now() AT TIME ZONE $1) AS local_start)
       SELECT
         (SELECT coalesce(sum(amount_cents), 0) FROM payments, bounds
           WHERE status = 'completed' AND payment_date >= (bounds.local_start AT TIME ZONE $1))
         - (SELECT coalesce(sum(r.amount_cents), 0) FROM payment_refunds r, bounds
             WHERE r.status <> 'failed' AND r.created_at >= (bounds.local_start AT TIME ZONE $1)) AS revenue_cents,
         (SELECT count(*) FROM payments, bounds
           WHERE status = 'completed' AND payment_date >= (bounds.local_start AT TIME ZONE $1)) AS revenue_count,
         (SELECT to_char(local_start, 'FMMonth YYYY') FROM bounds) AS month,
         (SELECT coalesce(sum(i.due_cents), 0) FROM invoices i WHERE i.status = 'open') AS pending_cents,
         (SELECT count(*) FROM invoices i WHERE i.status = 'open') AS pending_count,
         (SELECT count(*) FROM users WHERE role = 'client' AND deleted_at IS NULL) AS clients`,
      [tz],
    );
    const activity: Array<{ type: ActivityItem['type']; title: string; description: string; at: Date; cents: string | null }> =
      await this.db.query(
        `(SELECT 'payment' AS type, 'Payment received' AS title,
                 coalesce(pr.name, 'Credit bundle: ' || b.name, 'Unknown Project') || ' — ' || coalesce(u.username, 'Unknown Client') AS description,
                 pay.payment_date AS at, pay.amount_cents AS cents
            FROM payments pay LEFT JOIN projects pr ON pr.id = pay.project_id
            LEFT JOIN credit_bundles b ON b.id = pay.bundle_id
            LEFT JOIN users u ON u.id = coalesce(pay.client_id, pr.client_id)
           ORDER BY pay.payment_date DESC LIMIT 5)
         UNION ALL
         (SELECT 'project', 'New project', p.name || ' for ' || coalesce(u.username, 'Unknown Client'), p.date, p.price_cents
            FROM projects p LEFT JOIN users u ON u.id = p.client_id
           WHERE p.deleted_at IS NULL ORDER BY p.date DESC LIMIT 5)
         UNION ALL
         (SELECT 'client', 'New client registered', username || ' (' || email || ')', created_at, NULL
            FROM users WHERE role = 'client' AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 5)
         ORDER BY at DESC LIMIT 5`,
      );
    const clients = Number(figures.clients);
    const overdue = await this.invoices.overdue(await this.billing.today());
    return {
      revenue: { amount: Number(figures.revenue_cents) / 100, count: Number(figures.revenue_count), month: figures.month },
      pending: { amount: Number(figures.pending_cents) / 100, count: Number(figures.pending_count) },
      overdue: { amount: overdue.amountCents / 100, count: overdue.count },
      activeClients: { count: clients, newThisMonth: clients },
      recentActivity: activity.map((a) => ({
        type: a.type,
        title: a.title,
        description: a.description,
        timestamp: a.at.toISOString(),
        amount: a.cents === null ? null : Number(a.cents) / 100,
      })),
    };
  }
}
