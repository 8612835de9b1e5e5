import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlRead } from '../../../../shared/database/prepared';
import { twoEndedPage } from '../../../../shared/database/sql/two-ended-page';
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
  email_verified: boolean;
  two_factor_enabled: boolean;
  total: string;
}

const toResponse = (r: Row): UserResponse => ({
  id: r.id,
  username: r.username,
  email: r.email,
  company: r.company,
  role: r.role,
  createdAt: r.created_at.toISOString(),
  emailVerified: r.email_verified,
  twoFactorEnabled: r.two_factor_enabled,
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
      if (role !== 'client' && role !== 'admin')
        throw new DomainError('validation', 'LIST.BAD_PARAMETER', 'filter role must be client or admin');
      params.push(role);
      where.push(`role = $${params.length}`);
    }
    const filterParams = [...params];
    params.push(q.limit === Number.MAX_SAFE_INTEGER ? null : q.limit, q.offset);
    const [limit, offset] = [`$${params.length - 1}::bigint`, `$${params.length}::bigint`];
    const order = `${ORDER[q.sortField]} ${q.sortOrder}, id ${q.sortOrder}`;
    const cond = where.join(' AND ');
    // The page's ids first, then only its rows. Each sort has a covering index over the active accounts
    // (its key, the id, and the role for the role filter: users_live_*_idx, users_role_id_idx), so a
    // page at any offset is read from the index alone, from the nearer end; the total is counted once
    // from an index. A search's matches (users_search_idx) are counted and sorted.
    if (!q.paged) {
      // The whole list (no list parameters): one pass in the order's index.
      const all: Row[] = await sqlRead(
        this.db,
        `SELECT id, username, email, company, role, created_at, email_verified_at IS NOT NULL AS email_verified, two_factor_enabled_at IS NOT NULL AS two_factor_enabled FROM users WHERE ${cond} ORDER BY ${order}`,
        filterParams,
      );
      return { rows: all.map(toResponse), total: all.length };
    }
    const ctes: string[] = [];
    let page: string;
    if (text) {
      ctes.push(`hits AS MATERIALIZED (SELECT id, ${ORDER[q.sortField]} AS k FROM users WHERE ${cond})`);
      ctes.push(`total AS MATERIALIZED (SELECT count(*) AS n FROM hits)`);
      page = `SELECT id FROM hits ORDER BY k ${q.sortOrder}, id ${q.sortOrder} LIMIT ${limit} OFFSET ${offset}`;
    } else {
      ctes.push(`total AS MATERIALIZED (SELECT count(*) AS n FROM users WHERE ${cond})`);
      page = twoEndedPage(`SELECT id FROM users WHERE ${cond}`, order, `(SELECT n FROM total)`, limit, offset);
    }
    const rows: Row[] = await sqlRead(
      this.db,
      `WITH ${ctes.join(', ')}
       SELECT id, username, email, company, role, created_at, email_verified_at IS NOT NULL AS email_verified, two_factor_enabled_at IS NOT NULL AS two_factor_enabled, (SELECT n FROM total) AS total FROM users
        WHERE id = ANY(ARRAY(${page}))
        ORDER BY ${order}`,
      params,
    );
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && q.offset > 0) {
      const c: Array<{ n: string }> = await sqlRead(this.db, `SELECT count(*) AS n FROM users WHERE ${cond}`, filterParams);
      total = Number(c[0].n);
    }
    return { rows: rows.map(toResponse), total };
  }
}
