import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { BundleRepository } from '../../application/ports/bundle.repository';
import { BundleProps, CreditBundle } from '../../domain/credit-bundle';
import { BUNDLE_COLUMNS, bundleFromRow, BundleRow } from './bundle.mapper';

@Injectable()
export class BundleTypeormRepository extends BundleRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async find(id: number): Promise<CreditBundle | null> {
    const rows: BundleRow[] = await this.tx.manager.query(
      `SELECT ${BUNDLE_COLUMNS} FROM credit_bundles WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    return rows[0] ? bundleFromRow(rows[0]) : null;
  }

  async insert(p: Omit<BundleProps, 'id'>): Promise<CreditBundle> {
    const rows: Array<{ id: number }> = await this.tx.manager.query(
      `INSERT INTO credit_bundles (name, description, credit_amount, price_cents, is_active) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [p.name, p.description, p.creditAmount, p.price.cents, p.isActive],
    );
    return CreditBundle.create({ ...p, id: rows[0].id });
  }

  async update(b: CreditBundle): Promise<void> {
    const p = b.props;
    await this.tx.manager.query(
      `UPDATE credit_bundles SET name = $2, description = $3, credit_amount = $4, price_cents = $5, is_active = $6, updated_at = now()
        WHERE id = $1 AND deleted_at IS NULL`,
      [p.id, p.name, p.description, p.creditAmount, p.price.cents, p.isActive],
    );
  }

  async softDelete(id: number): Promise<boolean> {
    const result: [unknown[], number] = await this.tx.manager.query(
      `UPDATE credit_bundles SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    return result[1] > 0;
  }
}
