import { Injectable } from '@nestjs/common';
import { EmailVerification, normalizeEmail, UserRepository } from '../../clients';
import { AuditTrail } from '../../../shared/audit/audit-trail';
import { quoted } from '../../../shared/audit/summary';
import { AppConfig } from '../../../shared/config/app-config';
import { ConflictError, DomainError, NotFoundError } from '../../../shared/errors/domain-error';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import { DeliverySummary, DeliveryWatch } from './delivery-watch';
import { EmailOutbox } from './email-outbox';
import { OutboxRepository } from './ports/outbox.repository';
import { customEmail, invitationEmail, testEmail, TestEmailType } from './templates';

/** What every e-mail action answers (spec §7 "E-mail"). */
export interface EmailActionResult {
  success: boolean;
  message: string;
}

/** How long an action waits for its messages' first try before answering. Sending goes on regardless. */
export const FIRST_TRY_WAIT_MS = 8_000;
/** A custom e-mail to more addresses than this answers at once, without waiting for the first tries. */
const WAIT_FOR_AT_MOST = 50;

const TEST_LABEL: Record<TestEmailType, string> = { welcome: 'welcome', project: 'project notification' };
const NO_SERVER = 'no mail server is configured (SMTP_URL is not set), so nothing was delivered';

/** Each address once, compared without case; the first spelling is kept. */
export function distinctAddresses(addresses: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const raw of addresses) {
    const a = raw.trim();
    if (a && !seen.has(a.toLowerCase())) seen.set(a.toLowerCase(), a);
  }
  return [...seen.values()];
}

/**
 * The admin's e-mail actions (spec §2 "Admin E-mail system"): tests, invitations, custom e-mails and
 * resending. Each stores its messages in the outbox in one transaction; after the commit it waits a
 * little for the first try so that the answer can say whether the mail server took them.
 */
@Injectable()
export class AdminEmailHandlers {
  constructor(
    private readonly outbox: EmailOutbox,
    private readonly repository: OutboxRepository,
    private readonly watch: DeliveryWatch,
    private readonly users: UserRepository,
    private readonly tx: TransactionHost,
    private readonly config: AppConfig,
    private readonly verification: EmailVerification,
    private readonly audit: AuditTrail,
  ) {}

  async sendTest(to: string, type: TestEmailType, username?: string): Promise<EmailActionResult> {
    const label = TEST_LABEL[type];
    const id = await this.tx.run(async () => {
      const queued = await this.outbox.enqueue(testEmail({ to, type, username, appUrl: this.config.appUrl }));
      await this.audit.record({
        action: 'email.sent',
        targetType: 'email',
        targetId: queued,
        summary: `Sent a test ${label} email to ${to}`,
      });
      return queued;
    });
    const s = await this.watch.firstTries([id], FIRST_TRY_WAIT_MS);
    if (s.sent === 1) return { success: true, message: `Test ${label} email sent to ${to}` };
    if (s.logged === 1) return { success: false, message: `The test ${label} email to ${to} was only logged: ${NO_SERVER}.` };
    return {
      success: false,
      message: `The mail server has not accepted the test ${label} email to ${to}${s.lastError ? `: ${s.lastError}` : ' yet'}. It stays in the outbox and is retried automatically.`,
    };
  }

  async invite(p: { email: string; clientName: string; customMessage?: string }): Promise<EmailActionResult> {
    const to = p.email.trim();
    const id = await this.tx.run(async () => {
      if (await this.users.findByEmail(normalizeEmail(to))) {
        throw new ConflictError('EMAIL.ALREADY_REGISTERED', 'A client with this email already has an account', {
          email: 'A client with this email already has an account',
        });
      }
      const invite = await this.verification.invite(to);
      const queued = await this.outbox.enqueue(
        invitationEmail({ to, clientName: p.clientName, customMessage: p.customMessage, appUrl: this.config.appUrl, invite }),
      );
      await this.audit.record({
        action: 'email.sent',
        targetType: 'email',
        targetId: queued,
        summary: `Sent an invitation to ${quoted(p.clientName)} (${to})`,
      });
      return queued;
    });
    const s = await this.watch.firstTries([id], FIRST_TRY_WAIT_MS);
    if (s.sent === 1) return { success: true, message: `Invitation sent to ${to}` };
    if (s.logged === 1) return { success: true, message: `The invitation to ${to} was logged: ${NO_SERVER}.` };
    return { success: true, message: waitingMessage(`The invitation to ${to}`, s) };
  }

  async sendCustom(p: {
    recipients: string[];
    subject: string;
    htmlContent: string;
    sendToAll: boolean;
  }): Promise<EmailActionResult & { queued: number }> {
    const ids = await this.tx.run(async () => {
      const recipients = distinctAddresses([...p.recipients, ...(p.sendToAll ? await this.users.clientEmails() : [])]);
      if (recipients.length === 0) {
        throw new DomainError(
          'validation',
          'EMAIL.NO_RECIPIENTS',
          p.sendToAll ? 'No clients to send to' : 'At least one recipient is required when not sending to all clients',
          {
            recipients: p.sendToAll ? 'No clients to send to' : 'At least one recipient is required when not sending to all clients',
          },
        );
      }
      const queued = await this.outbox.enqueueToMany(customEmail({ subject: p.subject, html: p.htmlContent }), recipients);
      const who = recipients.length === 1 ? recipients[0] : `${recipients.length} recipients${p.sendToAll ? ' (all clients)' : ''}`;
      await this.audit.record({
        action: 'email.sent',
        targetType: 'email',
        targetId: queued.length === 1 ? queued[0] : null,
        summary: `Sent the email ${quoted(p.subject)} to ${who}`,
      });
      return queued;
    });
    const n = ids.length;
    const who = n === 1 ? '1 recipient' : `${n} recipients`;
    if (n > WAIT_FOR_AT_MOST) {
      return { success: true, queued: n, message: `Email queued for ${who}; the outbox shows each one's progress.` };
    }
    const s = await this.watch.firstTries(ids, FIRST_TRY_WAIT_MS);
    if (s.sent === n) return { success: true, queued: n, message: `Email sent to ${who}` };
    if (s.logged === n) return { success: true, queued: n, message: `Email to ${who} logged: ${NO_SERVER}.` };
    return { success: true, queued: n, message: waitingMessage(`Email to ${who}`, s) };
  }

  async resend(id: number): Promise<EmailActionResult> {
    const outcome = await this.repository.requeueFailed(id);
    if (outcome === 'missing') throw new NotFoundError('EMAIL.NOT_FOUND', 'Email not found');
    if (outcome === 'not-failed') throw new ConflictError('EMAIL.NOT_FAILED', 'Only a failed email can be sent again');
    this.outbox.kick();
    return { success: true, message: 'Email queued again' };
  }
}

/** Some messages did not go out on their first try: they are safe in the outbox and will be retried. */
function waitingMessage(what: string, s: DeliverySummary): string {
  const sentPart = s.sent > 0 ? ` ${s.sent} of ${s.total} went out;` : '';
  const reason = s.lastError ? `the mail server did not take it yet (${s.lastError})` : 'it is waiting for the mail server';
  return `${what} is stored in the outbox:${sentPart} ${reason}. It is retried automatically.`;
}
