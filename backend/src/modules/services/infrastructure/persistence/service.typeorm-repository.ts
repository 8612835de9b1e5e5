import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { ServiceRepository } from '../../application/ports/service.repository';
import { Service, ServiceInput } from '../../domain/service';
import { SERVICE_COLUMNS, serviceFromRow, ServiceRow } from './service.mapper';

@Injectable()
export class ServiceTypeormRepository extends ServiceRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async findById(id: number): Promise<Service | null> {
    const rows: ServiceRow[] = await this.tx.manager.query(`SELECT ${SERVICE_COLUMNS} FROM services WHERE id = $1 AND deleted_at IS NULL`, [
      id,
    ]);
    return rows[0] ? serviceFromRow(rows[0]) : null;
  }

  async findManyByIds(ids: number[]): Promise<Service[]> {
    if (!ids.length) return [];
    const rows: ServiceRow[] = await this.tx.manager.query(
      `SELECT ${SERVICE_COLUMNS} FROM services WHERE id = ANY($1::int[]) AND deleted_at IS NULL`,
      [ids],
    );
    return rows.map(serviceFromRow);
  }

  async findDefaultFor(priceCents: number): Promise<Service | null> {
    const rows: ServiceRow[] = await this.tx.manager.query(
      `SELECT ${SERVICE_COLUMNS} FROM services WHERE deleted_at IS NULL
        ORDER BY (price_cents = $1) DESC, id ASC LIMIT 1`,
      [priceCents],
    );
    return rows[0] ? serviceFromRow(rows[0]) : null;
  }

  async insert(input: ServiceInput): Promise<Service> {
    const rows: Array<{ id: number }> = await this.tx.manager.query(
      `INSERT INTO services (name, description, price_cents, is_standard, credit_eligible, credit_cost)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [input.name, input.description, input.price.cents, input.isStandard, input.creditEligible, input.creditCost],
    );
    return Service.create(rows[0].id, input);
  }

  async update(s: Service): Promise<void> {
    const p = s.props;
    await this.tx.manager.query(
      `UPDATE services SET name = $2, description = $3, price_cents = $4, is_standard = $5, credit_eligible = $6,
              credit_cost = $7, updated_at = now() WHERE id = $1 AND deleted_at IS NULL`,
      [p.id, p.name, p.description, p.price.cents, p.isStandard, p.creditEligible, p.creditCost],
    );
  }

  async softDelete(id: number): Promise<boolean> {
    const result: [unknown[], number] = await this.tx.manager.query(
      `UPDATE services SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    return result[1] > 0;
  }
}
