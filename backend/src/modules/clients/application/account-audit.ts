import type { AuditActor, AuditEntry } from '../../../shared/audit/audit-trail';
import type { RequestContextData } from '../../../shared/audit/request-context';
import { quoted } from '../../../shared/audit/summary';
import type { Role, User } from '../domain/user';

/** The activity log's lines for accounts (client.created|updated|deleted, CONTRACT §8). */
const kind = (role: Role) => (role === 'admin' ? 'admin' : 'client');

/**
 * A new account: created by the signed-in admin, by the visitor signing up (the new account is its
 * own actor), or at start-up (the bootstrap admin, no actor).
 */
export function accountCreated(user: User, context: RequestContextData | null): AuditEntry {
  const target = { targetType: 'client', targetId: user.id };
  const who = `${quoted(user.username)} (${user.email})`;
  if (!context) return { action: 'client.created', ...target, actor: null, summary: `Created ${kind(user.role)} ${who} at start-up` };
  if (context.actor) return { action: 'client.created', ...target, summary: `Created ${kind(user.role)} ${who}` };
  const self: AuditActor = { id: user.id, email: user.email };
  return { action: 'client.created', ...target, actor: self, summary: `${who} signed up` };
}

/** What the admin changed: name, e-mail, role, each before → after; the entry is null when nothing changed. */
export function accountUpdated(before: { username: string; email: string; role: Role }, after: User): AuditEntry | null {
  const changes: string[] = [];
  if (before.username !== after.username) changes.push(`name ${quoted(before.username)} → ${quoted(after.username)}`);
  if (before.email !== after.email) changes.push(`email ${before.email} → ${after.email}`);
  if (before.role !== after.role) changes.push(`role ${before.role} → ${after.role}`);
  return {
    action: 'client.updated',
    targetType: 'client',
    targetId: after.id,
    summary: `Updated ${kind(after.role)} ${quoted(after.username)}: ${changes.length ? changes.join(', ') : 'no change'}`,
  };
}

/** `self`: the account holder deleted their own account (Settings), else the admin did. */
export function accountDeleted(user: User, self: boolean): AuditEntry {
  return {
    action: 'client.deleted',
    targetType: 'client',
    targetId: user.id,
    summary: self
      ? `${quoted(user.username)} (${user.email}) deleted their account`
      : `Deleted ${kind(user.role)} ${quoted(user.username)} (${user.email})`,
  };
}
