import type { AuditEntry } from '../../../shared/audit/audit-trail';
import { amountText as money, quoted } from '../../../shared/audit/summary';
import type { Money } from '../../../shared/domain/money';
import { DEFAULT_MONEY_STYLE, type MoneyStyle } from '../../../shared/domain/money-format';
import type { Project } from '../domain/project';

/**
 * The activity log's lines for projects (project.created|updated|deleted|marked_paid, CONTRACT §8), amounts
 * written in the studio's money style.
 */
const target = (project: Pick<Project, 'id'>) => ({ targetType: 'project', targetId: project.id });

export function projectCreated(project: Project, clientName: string, paid: boolean, style: MoneyStyle = DEFAULT_MONEY_STYLE): AuditEntry {
  const amountText = (m: Money) => money(m, style);
  return {
    action: 'project.created',
    ...target(project),
    summary: `Created project ${quoted(project.name)} for ${clientName} (${amountText(project.price)}${project.deposit ? `, deposit ${amountText(project.deposit)}` : ''}${paid ? ', already paid' : ''})`,
  };
}

/** What changed of what the list shows: name, client, price, deposit; "details" otherwise. */
export function projectUpdated(
  before: { name: string; clientName: string; price: Money; deposit?: Money | null },
  after: Project,
  clientName: string,
  style: MoneyStyle = DEFAULT_MONEY_STYLE,
): AuditEntry {
  const amountText = (m: Money) => money(m, style);
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`name ${quoted(before.name)} → ${quoted(after.name)}`);
  if (before.clientName !== clientName) changes.push(`client ${before.clientName} → ${clientName}`);
  if (!before.price.equals(after.price)) changes.push(`price ${amountText(before.price)} → ${amountText(after.price)}`);
  const deposit = (m: Money | null | undefined) => (m ? amountText(m) : 'none');
  if ((before.deposit?.cents ?? null) !== (after.deposit?.cents ?? null))
    changes.push(`deposit ${deposit(before.deposit)} → ${deposit(after.deposit)}`);
  return {
    action: 'project.updated',
    ...target(after),
    summary: `Updated project ${quoted(after.name)} for ${clientName}: ${changes.length ? changes.join(', ') : 'details'}`,
  };
}

export function projectDeleted(project: Project, style: MoneyStyle = DEFAULT_MONEY_STYLE): AuditEntry {
  const amountText = (m: Money) => money(m, style);
  return {
    action: 'project.deleted',
    ...target(project),
    summary: `Deleted project ${quoted(project.name)} (${amountText(project.price)})`,
  };
}

/** `recorded`: the manual payment recorded with it (zero when nothing was owed). */
export function projectMarkedPaid(project: Project, recorded: Money, style: MoneyStyle = DEFAULT_MONEY_STYLE): AuditEntry {
  const amountText = (m: Money) => money(m, style);
  return {
    action: 'project.marked_paid',
    ...target(project),
    summary: `Marked project ${quoted(project.name)} paid${recorded.isZero() ? ' (nothing owed)' : ` (${amountText(recorded)} recorded by hand)`}`,
  };
}
