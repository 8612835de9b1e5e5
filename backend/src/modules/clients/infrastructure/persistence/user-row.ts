import { User } from '../../domain/user';

/** The columns of an account as raw SQL reads them (`alias` is the users table's alias), for userFromRow. */
export function userColumns(alias: string): string {
  return `${alias}.id AS user_id, ${alias}.username AS user_username, ${alias}.email AS user_email,
          ${alias}.password_hash AS user_password_hash, ${alias}.company AS user_company, ${alias}.role AS user_role,
          ${alias}.created_at AS user_created_at, ${alias}.deleted_at AS user_deleted_at`;
}

export interface UserRow {
  user_id: number | null;
  user_username: string;
  user_email: string;
  user_password_hash: string;
  user_company: string | null;
  user_role: 'client' | 'admin';
  user_created_at: Date;
  user_deleted_at: Date | null;
}

/** The account of a row read with userColumns, or null when the row has none (a LEFT JOIN that missed). */
export function userFromRow(r: UserRow): User | null {
  if (r.user_id === null || r.user_id === undefined) return null;
  return User.restore({
    id: r.user_id,
    username: r.user_username,
    email: r.user_email,
    passwordHash: r.user_password_hash,
    company: r.user_company,
    role: r.user_role,
    createdAt: r.user_created_at,
    deletedAt: r.user_deleted_at,
  });
}
