/**
 * In-memory fakes of the ports, for handler tests (STYLE: application tests use fakes of their ports,
 * never of the thing under test). They keep state so that tests assert outcomes, not calls.
 */
import { UserRepository } from '../modules/clients/application/ports/user.repository';
import { User, type Role, type UserProps } from '../modules/clients/domain/user';
import { AuthAttemptLog } from '../modules/auth/application/ports/auth-attempt-log';
import type { AttemptKind, AttemptLimit } from '../modules/auth/domain/sign-in-limits';
import { PendingSignIns } from '../modules/auth/application/ports/pending-sign-ins';
import type { PendingSignIn } from '../modules/auth/domain/two-factor';
import { AuditTrail, type AuditEntry } from '../shared/audit/audit-trail';
import { PasswordHasher } from '../shared/security/password-hasher';
import { SessionRegistry } from '../shared/session/session-registry';
import { TransactionHost } from '../shared/transaction/transaction-host';
import { composeEmail, type EmailDraft, type EmailMessage } from '../modules/email/domain/email-message';
import { Studio } from '../modules/studio/domain/studio';

/** A stored account for handler specs: 'user {id}', u{id}@example.com, unverified, unless `overrides` say otherwise. */
export const aUser = (id: number, role: Role = 'client', overrides: Partial<UserProps> = {}): User =>
  User.restore({
    id,
    username: `user ${id}`,
    email: `u${id}@example.com`,
    passwordHash: 'h',
    company: null,
    role,
    createdAt: new Date(),
    deletedAt: null,
    emailVerifiedAt: null,
    twoFactorEnabledAt: null,
    ...overrides,
  });

export class InMemoryUsers extends UserRepository {
  rows = new Map<number, User>();
  private nextId = 1;

  async findById(id: number) {
    const u = this.rows.get(id);
    return u && !u.isDeleted ? u : null;
  }
  async findByEmail(email: string) {
    return [...this.rows.values()].find((u) => !u.isDeleted && u.email === email.trim().toLowerCase()) ?? null;
  }
  async findConflict(email: string, username: string, exceptId = 0) {
    const live = [...this.rows.values()].filter((u) => !u.isDeleted && u.id !== exceptId);
    return {
      email: live.some((u) => u.email === email.trim().toLowerCase()),
      username: live.some((u) => u.username.toLowerCase() === username.trim().toLowerCase()),
    };
  }
  async save(user: User) {
    const stored = user.id === 0 ? user.withId(this.nextId++) : user;
    this.rows.set(stored.id, stored);
    return stored;
  }
  async countAdmins() {
    return [...this.rows.values()].filter((u) => !u.isDeleted && u.isAdmin).length;
  }

  async clientEmails() {
    const all = [...this.rows.values()].filter((u) => !u.isDeleted && !u.isAdmin).map((u) => u.email.toLowerCase());
    return [...new Set(all)].sort();
  }
}

/** Reversible "hash" so tests stay fast; it still never equals the secret. */
export class FakeHasher extends PasswordHasher {
  verifications = 0;
  async hash(secret: string) {
    return `hashed:${[...secret].reverse().join('')}`;
  }
  async verify(hash: string, secret: string) {
    this.verifications += 1;
    return hash === (await this.hash(secret));
  }
}

export class InMemoryAttempts extends AuthAttemptLog {
  rows: Array<{ id: number; kind: AttemptKind; subject: string; address: string | null; at: Date }> = [];
  private nextId = 1;
  /** Checked and recorded together (one event-loop turn), as the database does under its lock. */
  async recordIfUnder(limit: AttemptLimit, subject: string, address: string | null) {
    const since = Date.now() - limit.windowMs;
    const counted = this.rows.filter(
      (r) => r.kind === limit.kind && r.subject === subject && r.at.getTime() > since && (!limit.perAddress || r.address === address),
    ).length;
    if (counted >= limit.max) return null;
    const id = this.nextId++;
    this.rows.push({ id, kind: limit.kind, subject, address, at: new Date() });
    return id;
  }
  private within(kind: AttemptKind, subject: string, windowMs: number) {
    const since = Date.now() - windowMs;
    return this.rows.filter((r) => r.kind === kind && r.subject === subject && r.at.getTime() > since);
  }
  async countWithin(kind: AttemptKind, subject: string, windowMs: number) {
    return this.within(kind, subject, windowMs).length;
  }
  async spreadWithin(kind: AttemptKind, subject: string, windowMs: number) {
    const rows = this.within(kind, subject, windowMs);
    return { failures: rows.length, addresses: new Set(rows.map((r) => r.address ?? '')).size };
  }
  async forget(id: number) {
    this.rows = this.rows.filter((r) => r.id !== id);
  }
}

export class InMemoryPendingSignIns extends PendingSignIns {
  rows = new Map<string, PendingSignIn>();
  async create(tokenHash: string, pending: PendingSignIn) {
    this.rows.set(tokenHash, { ...pending });
  }
  async findForUpdate(tokenHash: string) {
    const p = this.rows.get(tokenHash);
    return p ? { ...p } : null;
  }
  async recordFailure(tokenHash: string) {
    const p = this.rows.get(tokenHash);
    if (p) p.failures += 1;
  }
  async remove(tokenHash: string) {
    this.rows.delete(tokenHash);
  }
}

export class InMemorySessions extends SessionRegistry {
  sessions: Array<{ sid: string; userId: number }> = [];
  async endSessionsOf(userId: number, except?: string) {
    const before = this.sessions.length;
    this.sessions = this.sessions.filter((s) => s.userId !== userId || s.sid === except);
    return before - this.sessions.length;
  }
}

/** Runs work directly; after-commit callbacks run once the work succeeded, as with a real commit. */
export class ImmediateTransactions {
  async run<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }
  afterCommit(cb: () => void) {
    cb();
  }
}
export const immediateTx = () => new ImmediateTransactions() as unknown as TransactionHost;

/** Keeps what would be queued, composed as the default studio's e-mails. */
export class CollectingOutbox {
  sent: EmailMessage[] = [];
  async enqueue(draft: EmailDraft) {
    this.sent.push(composeEmail(draft, { studio: Studio.default(), logo: null }));
    return this.sent.length;
  }
}

/** The activity log: keeps every entry recorded, in order, as the handler gave it. */
export class InMemoryAuditTrail extends AuditTrail {
  entries: AuditEntry[] = [];
  async record(entry: AuditEntry) {
    this.entries.push(entry);
  }
  /** The actions recorded, in order. */
  get actions(): string[] {
    return this.entries.map((e) => e.action);
  }
}
