import type { Request } from 'express';
import type { User } from '../../modules/clients/domain/user';

/** The signed-in user, put on the request by passport's session deserializer. */
export function requestUser(req: Request): User | null {
  return (req.user as User | undefined) ?? null;
}
