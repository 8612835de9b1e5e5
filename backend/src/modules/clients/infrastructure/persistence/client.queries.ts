import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { likePattern, ListQuery, textFilter } from '../../../../shared/http/list-query';
import { DomainError } from '../../../../shared/errors/domain-error';
import type { UserResponse } from '../http/dto/user.response';

export const CLIENT_SORTS = ['id', 'username', 'email', 'role', 'createdAt'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
const ORDER: Record<ClientSort, string> = {
  id: 'id',
  username: 'lower(username)',
  email: 'lower(email)',
  role: 'role',
  createdAt: 'created_at',
};

interface Row {
  id: number;
  username: string;
  email: string;
  company: string | null;
  role: 'client' | 'admin';
  created_at: Date;
  total: string;
}

const toResponse = (r: Row): UserResponse => ({
  id: r.id,
  username: r.username,
  email: r.email,
  company: r.company,
  role: r.role,
  createdAt: r.created_at.toISOString(),
});

/** The admin's list of accounts: search on name or e-mail, role filter, one query per page. */
@Injectable()
export class ClientQueries {
  constructor(private readonly db: DataSource) {}

  async list(q: ListQuery<ClientSort>): Promise<{ rows: UserResponse[]; total: number }> {
    const params: unknown[] = [];
    const where = ['deleted_at IS NULL'];
    const text = textFilter(q.filter, 'q');
    if (text) {
      params.push(likePattern(text));
      where.push(`(username || ' ' || email) ILIKE $${params.length}`);
    }
    const role = textFilter(q.filter, 'role');
    if (role) {
      if (role !== 'client' && role !== 'admin') throw new DomainError('validation', 'LIST.BAD_PARAMETER', 'filter role must be client or admin');
      params.push(role);
      where.push(`role = $${params.length}`);
    }
    params.push(q.limit === Number.MAX_SAFE_INTEGER ? null : q.limit, q.offset);
    const rows: Row[] = await this.db.query(
      `SELECT id, username, email, company, role, created_at, count(*) OVER () AS total FROM users
        WHERE ${where.join(' AND ')}
        ORDER BY ${ORDER[q.sortField]} ${q.sortOrder}, id ${q.sortOrder}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && q.offset > 0) {
      const c: Array<{ n: string }> = await this.db.query(`SELECT count(*) AS n FROM users WHERE ${where.join(' AND ')}`, params.slice(0, -2));
      total = Number(c[0].n);
    }
    return { rows: rows.map(toResponse), total };
  }
}
