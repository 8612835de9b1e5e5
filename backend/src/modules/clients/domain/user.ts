import { RuleViolatedError } from '../../../shared/errors/domain-error';

export type Role = 'client' | 'admin';
export const ROLES: readonly Role[] = ['client', 'admin'];

export interface UserProps {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  company: string | null;
  role: Role;
  createdAt: Date;
  deletedAt: Date | null;
  /** When the address was proven (a verification link, an invitation, or an admin's doing); null until then. */
  emailVerifiedAt: Date | null;
  /** When two-factor sign-in was turned on (the auth module keeps it); null while it is off. */
  twoFactorEnabledAt: Date | null;
}

/** Lower-cased, trimmed e-mail: the form in which accounts are looked up and compared. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A person who can sign in: a client of the studio or the photographer (admin).
 * The password hash never leaves the server: `toPublic` is the only shape responses use.
 */
export class User {
  private constructor(private props: UserProps) {}

  static restore(props: UserProps): User {
    return new User({ ...props });
  }

  /** A new account, not yet stored (id 0). Roles other than admin are ordinary clients (spec §1). */
  static register(
    input: { username: string; email: string; passwordHash: string; role?: Role; company?: string | null; emailVerified?: boolean },
    now: Date,
  ): User {
    const username = input.username.trim();
    if (username.length < 3)
      throw new RuleViolatedError('USERS.USERNAME_TOO_SHORT', 'Name must be at least 3 characters', {
        username: 'Name must be at least 3 characters',
      });
    return new User({
      id: 0,
      username,
      email: normalizeEmail(input.email),
      passwordHash: input.passwordHash,
      company: input.company?.trim() || null,
      role: input.role === 'admin' ? 'admin' : 'client',
      createdAt: now,
      deletedAt: null,
      emailVerifiedAt: input.emailVerified ? now : null,
      twoFactorEnabledAt: null,
    });
  }

  get id(): number {
    return this.props.id;
  }
  get username(): string {
    return this.props.username;
  }
  get email(): string {
    return this.props.email;
  }
  get passwordHash(): string {
    return this.props.passwordHash;
  }
  get company(): string | null {
    return this.props.company;
  }
  get role(): Role {
    return this.props.role;
  }
  get createdAt(): Date {
    return this.props.createdAt;
  }
  get deletedAt(): Date | null {
    return this.props.deletedAt;
  }
  get isAdmin(): boolean {
    return this.props.role === 'admin';
  }
  get emailVerifiedAt(): Date | null {
    return this.props.emailVerifiedAt;
  }
  get emailVerified(): boolean {
    return this.props.emailVerifiedAt !== null;
  }
  get twoFactorEnabled(): boolean {
    return this.props.twoFactorEnabledAt !== null;
  }
  get isDeleted(): boolean {
    return this.props.deletedAt !== null;
  }

  withId(id: number): User {
    return new User({ ...this.props, id });
  }

  updateProfile(changes: { username: string; email: string; company: string | null }): void {
    const username = changes.username.trim();
    if (!username) throw new RuleViolatedError('USERS.USERNAME_REQUIRED', 'Username is required', { username: 'Username is required' });
    this.props.username = username;
    const email = normalizeEmail(changes.email);
    // a new address is not proven by the old one's proof
    if (email !== this.props.email) this.props.emailVerifiedAt = null;
    this.props.email = email;
    this.props.company = changes.company?.trim() || null;
  }

  changeRole(role: Role): void {
    this.props.role = role === 'admin' ? 'admin' : 'client';
  }

  changePasswordHash(hash: string): void {
    this.props.passwordHash = hash;
  }

  markEmailVerified(now: Date): void {
    if (this.props.emailVerifiedAt === null) this.props.emailVerifiedAt = now;
  }

  markDeleted(now: Date): void {
    if (this.props.deletedAt === null) this.props.deletedAt = now;
  }

  /** May this user see or change something that belongs to `ownerId`? Admins may; clients only their own. */
  mayAccessOwnedBy(ownerId: number): boolean {
    return this.isAdmin || this.props.id === ownerId;
  }

  toPublic(): PublicUser {
    return {
      id: this.props.id,
      username: this.props.username,
      email: this.props.email,
      company: this.props.company,
      role: this.props.role,
      createdAt: this.props.createdAt.toISOString(),
      emailVerified: this.emailVerified,
      twoFactorEnabled: this.twoFactorEnabled,
    };
  }
}

export interface PublicUser {
  id: number;
  username: string;
  email: string;
  company: string | null;
  role: Role;
  createdAt: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}
