import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlRead } from '../../../../shared/database/prepared';
import { likePattern, ListQuery, textFilter } from '../../../../shared/http/list-query';
import type { ServiceResponse } from '../http/dto/service.response';
import { SERVICE_COLUMNS, ServiceRow } from './service.mapper';

export const SERVICE_SORTS = ['name', 'price', 'id'] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];

const ORDER: Record<ServiceSort, string> = { name: 'lower(name)', price: 'price_cents', id: 'id' };

export function serviceResponse(r: ServiceRow): ServiceResponse {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    price: Number(r.price_cents) / 100,
    isStandard: r.is_standard,
    creditEligible: r.credit_eligible,
    creditCost: r.credit_cost,
  };
}

/** Read side of the catalogue: one query for the page and its total. */
@Injectable()
export class ServiceQueries {
  constructor(private readonly db: DataSource) {}

  async list(q: ListQuery<ServiceSort>): Promise<{ rows: ServiceResponse[]; total: number }> {
    const params: unknown[] = [];
    const where = ['deleted_at IS NULL'];
    const text = textFilter(q.filter, 'q');
    if (text) {
      params.push(likePattern(text));
      where.push(`(name || ' ' || description) ILIKE $${params.length}`);
    }
    params.push(q.limit === Number.MAX_SAFE_INTEGER ? null : q.limit, q.offset);
    const rows: Array<ServiceRow & { total: string }> = await sqlRead(
      this.db,
      `SELECT ${SERVICE_COLUMNS}, count(*) OVER () AS total FROM services
        WHERE ${where.join(' AND ')}
        ORDER BY ${ORDER[q.sortField]} ${q.sortOrder}, id ${q.sortOrder}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = rows.length ? Number(rows[0].total) : q.offset > 0 ? await this.count(where, params.slice(0, -2)) : 0;
    return { rows: rows.map(serviceResponse), total };
  }

  async one(id: number): Promise<ServiceResponse | null> {
    const rows: ServiceRow[] = await sqlRead(this.db, `SELECT ${SERVICE_COLUMNS} FROM services WHERE id = $1 AND deleted_at IS NULL`, [id]);
    return rows[0] ? serviceResponse(rows[0]) : null;
  }

  private async count(where: string[], params: unknown[]): Promise<number> {
    const rows: Array<{ n: string }> = await sqlRead(this.db, `SELECT count(*) AS n FROM services WHERE ${where.join(' AND ')}`, params);
    return Number(rows[0].n);
  }
}
