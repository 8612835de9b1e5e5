import { User } from '../../domain/user';

/** Port: where accounts are kept. Deleted accounts are invisible to every finder. */
export abstract class UserRepository {
  abstract findById(id: number): Promise<User | null>;
  abstract findByEmail(email: string): Promise<User | null>;
  /** Another active account already using this e-mail or username (case-insensitive), other than `exceptId`. */
  abstract findConflict(email: string, username: string, exceptId?: number): Promise<{ email: boolean; username: boolean }>;
  /** Inserts a new user (id 0) or updates an existing one; answers the stored user. */
  abstract save(user: User): Promise<User>;
  abstract countAdmins(): Promise<number>;
  /** The address of every client account (not admins, not deleted), each once. */
  abstract clientEmails(): Promise<string[]>;
}
