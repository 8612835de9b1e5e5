import { Injectable } from '@nestjs/common';
import { Money } from '../../../../shared/domain/money';
import { ProjectSnapshots, WebhookEvents } from '../../../../shared/integrations/webhook-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { Billing, type ProjectBilling } from '../../../billing';
import { ServiceRepository } from '../../../services';
import { StudioSettings } from '../../../studio';
import { ProjectRepository } from '../../application/ports/project.repository';
import { Project } from '../../domain/project';
import { depositAbovePrice, depositNotPositive } from '../../domain/projects.errors';

interface ProjectRow {
  id: number;
  name: string;
  description: string;
  client_id: number;
  service_id: number | null;
  thumbnail_url: string | null;
  download_link: string | null;
  photo_count: number;
  price_cents: string;
  is_paid: boolean;
  date: Date;
}

@Injectable()
export class ProjectTypeormRepository extends ProjectRepository {
  constructor(
    private readonly tx: TransactionHost,
    private readonly webhooks: WebhookEvents,
    private readonly snapshots: ProjectSnapshots,
    private readonly billing: Billing,
    private readonly services: ServiceRepository,
    private readonly studio: StudioSettings,
  ) {
    super();
  }

  async findForUpdate(id: number): Promise<Project | null> {
    const rows: ProjectRow[] = await this.tx.manager.query(
      `SELECT id, name, description, client_id, service_id, thumbnail_url, download_link, photo_count, price_cents, is_paid, date
         FROM projects WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [id],
    );
    const r = rows[0];
    if (!r) return null;
    const lines: Array<{ service_id: number; quantity: number; unit_price_cents: string; credits_paid: number | null }> =
      await this.tx.manager.query(
        `SELECT ps.service_id, ps.quantity, ps.unit_price_cents, psp.credit_amount AS credits_paid
         FROM project_services ps
         LEFT JOIN project_service_payments psp
           ON psp.project_id = ps.project_id AND psp.service_id = ps.service_id AND psp.paid_with_credits
        WHERE ps.project_id = $1 ORDER BY ps.service_id`,
        [id],
      );
    // The deposit is the first installment of the project's invoice (CONTRACT §14): billing's to say.
    const billing = await this.billing.ofProject(id, true);
    return Project.restore({
      id: r.id,
      name: r.name,
      description: r.description,
      clientId: r.client_id,
      serviceId: r.service_id,
      thumbnailUrl: r.thumbnail_url,
      downloadLink: r.download_link,
      photoCount: r.photo_count,
      price: Money.ofCents(Number(r.price_cents)),
      deposit: billing?.depositCents ? Money.ofCents(billing.depositCents) : null,
      isPaid: billing ? billing.isPaid : r.is_paid,
      date: r.date,
      lines: lines.map((l) => ({
        serviceId: l.service_id,
        quantity: l.quantity,
        unitPrice: Money.ofCents(Number(l.unit_price_cents)),
        creditsPaid: l.credits_paid ?? 0,
      })),
    });
  }

  async insert(project: Project): Promise<Project> {
    const p = project.snapshot;
    const rows: Array<{ id: number }> = await this.tx.manager.query(
      `INSERT INTO projects (name, description, client_id, service_id, thumbnail_url, download_link, photo_count, price_cents, date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [p.name, p.description, p.clientId, p.serviceId, p.thumbnailUrl, p.downloadLink, p.photoCount, p.price.cents, p.date],
    );
    const stored = project.withId(rows[0].id);
    await this.writeLines(stored);
    // Integrators' events, in the transaction of the change (CONTRACT §9): every project is inserted here
    // (project.paid, when nothing is owed on it, comes from billing).
    await this.bill(stored);
    await this.webhooks.emit('project.created', () => this.snapshots.project(stored.id));
    return stored;
  }

  async update(project: Project): Promise<void> {
    const p = project.snapshot;
    // is_paid is not written here: it is billing's answer, kept when billing says it changed (decision 0045).
    await this.tx.manager.query(
      `UPDATE projects SET name = $2, description = $3, client_id = $4, service_id = $5, thumbnail_url = $6, download_link = $7,
              photo_count = $8, price_cents = $9, updated_at = now()
        WHERE id = $1`,
      [p.id, p.name, p.description, p.clientId, p.serviceId, p.thumbnailUrl, p.downloadLink, p.photoCount, p.price.cents],
    );
    await this.tx.manager.query(`DELETE FROM project_service_payments WHERE project_id = $1 AND paid_with_credits`, [p.id]);
    await this.tx.manager.query(`DELETE FROM project_services WHERE project_id = $1`, [p.id]);
    await this.writeLines(project);
    await this.bill(project);
  }

  /** Keeps the project's invoice in step with its lines and deposit: billing decides what is owed. */
  private async bill(project: Project): Promise<ProjectBilling> {
    const p = project.snapshot;
    const names = new Map((await this.services.findManyByIds(p.lines.map((l) => l.serviceId))).map((s) => [s.id, s.props.name]));
    const style = (await this.studio.current()).money;
    const billing = await this.billing.syncProject({
      projectId: project.id,
      clientId: p.clientId,
      name: p.name,
      lines: p.lines.map((l) => ({
        serviceId: l.serviceId,
        description: names.get(l.serviceId) ?? `Service #${l.serviceId}`,
        quantity: l.quantity,
        unitPriceCents: l.unitPrice.cents,
        paidWithCredits: (l.creditsPaid ?? 0) > 0,
      })),
      priceWithoutLinesCents: p.lines.length ? 0 : p.price.cents,
      depositCents: p.deposit?.cents ?? null,
      depositErrors: {
        notPositive: () => depositNotPositive(style),
        abovePrice: (cents) => depositAbovePrice(Money.ofCents(cents), style),
      },
    });
    project.paidAsDerived(billing.isPaid);
    return billing;
  }

  async owed(id: number): Promise<Money> {
    return Money.ofCents((await this.billing.ofProject(id))?.dueCents ?? 0);
  }

  async settle(project: Project): Promise<void> {
    const billing = await this.billing.ofProject(project.id);
    project.paidAsDerived(billing ? billing.isPaid : true);
  }

  async softDelete(id: number): Promise<boolean> {
    const result: [unknown[], number] = await this.tx.manager.query(
      `UPDATE projects SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    if (result[1] > 0) await this.billing.voidProject(id);
    return result[1] > 0;
  }

  /** Billing's answer changed (InvoicePaidChanged): the lists' cache of it, in the same transaction. */
  async cachePaid(projectId: number, paid: boolean): Promise<void> {
    await this.tx.manager.query(`UPDATE projects SET is_paid = $2 WHERE id = $1 AND is_paid IS DISTINCT FROM $2`, [projectId, paid]);
  }

  private async writeLines(project: Project): Promise<void> {
    const lines = project.lines;
    if (!lines.length) return;
    await this.tx.manager.query(
      `INSERT INTO project_services (project_id, service_id, quantity, unit_price_cents)
       SELECT $1, * FROM unnest($2::int[], $3::int[], $4::bigint[])`,
      [project.id, lines.map((l) => l.serviceId), lines.map((l) => l.quantity), lines.map((l) => l.unitPrice.cents)],
    );
    const credited = lines.filter((l) => (l.creditsPaid ?? 0) > 0);
    if (credited.length) {
      await this.tx.manager.query(
        `INSERT INTO project_service_payments (project_id, service_id, paid_with_credits, credit_amount)
         SELECT $1, s, true, c FROM unnest($2::int[], $3::int[]) AS x(s, c)`,
        [project.id, credited.map((l) => l.serviceId), credited.map((l) => l.creditsPaid)],
      );
    }
  }
}
