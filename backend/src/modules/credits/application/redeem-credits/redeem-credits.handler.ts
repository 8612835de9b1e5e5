import { Injectable } from '@nestjs/common';
import type { User } from '../../../clients';
import { ProjectRepository } from '../../../projects';
import { ServiceRepository } from '../../../services';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { creditsText, quoted } from '../../../../shared/audit/summary';
import { assertMayAccess } from '../../../../shared/auth/guards';
import { NotFoundError, RuleViolatedError } from '../../../../shared/errors/domain-error';
import { formatMoney, type MoneyStyle } from '../../../../shared/domain/money-format';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { StudioSettings } from '../../../studio';
import { CreditAccountRepository } from '../ports/credit-account.repository';

export interface RedeemResult {
  /** Services remain that are paid (or to be paid) in money. */
  hasRemainingServices: boolean;
  /** Dollars still owed in money after the redemption. */
  remainingBalance: number;
  /** The client's credit balance afterwards. */
  creditBalance: number;
}

const projectNotFound = () => new NotFoundError('PROJECTS.NOT_FOUND', 'Project not found');
const wouldOverpay = (owed: { cents: number }, style: MoneyStyle) =>
  new RuleViolatedError(
    'CREDITS.WOULD_OVERPAY',
    `Credits would pay more than the ${formatMoney(owed.cents, style)} still owed: please pay the balance by card`,
  );
const nothingEligible = () => new RuleViolatedError('CREDITS.NOTHING_ELIGIBLE', 'No eligible services left to pay with credits');

/**
 * CONTRACT §4: in one transaction with the project and the balance rows locked, every eligible unpaid
 * service is paid with credits, a redemption is appended to the ledger, and the project becomes paid
 * when nothing remains owed. Concurrent redemptions queue on the locks and never overspend.
 */
@Injectable()
export class RedeemCreditsHandler {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly services: ServiceRepository,
    private readonly accounts: CreditAccountRepository,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
    private readonly studio: StudioSettings,
  ) {}

  execute(user: User, projectId: number, description?: string): Promise<RedeemResult> {
    return this.tx.run(async () => {
      const project = await this.projects.findForUpdate(projectId);
      if (!project) throw projectNotFound();
      assertMayAccess(user, project.clientId, 'Project');
      if (project.clientId !== user.id) throw projectNotFound(); // credits are spent by the client who owns them
      const catalogue = new Map((await this.services.findManyByIds(project.lines.map((l) => l.serviceId))).map((s) => [s.id, s]));
      const costOf = (serviceId: number) => {
        const s = catalogue.get(serviceId);
        return s && s.creditEligible ? s.creditCost : null;
      };
      const cost = project.creditsDue(costOf);
      if (project.isPaid || cost === 0) throw nothingEligible();
      // After a payment in money (a deposit), credits may pay only what is still owed: never more (decision 0033).
      const owedBefore = await this.projects.owed(project.id);
      if (project.creditValueDue(costOf).cents > owedBefore.cents) throw wouldOverpay(owedBefore, (await this.studio.current()).money);
      const account = await this.accounts.loadForUpdate(user.id);
      account.redeem(cost, project.id, description?.trim() || `Credits used on ${project.name}`);
      project.payEligibleLinesWithCredits(costOf);
      await this.projects.update(project);
      // What is owed now, and paid when it is nothing (CONTRACT §12: both derived by the one rule).
      const owed = await this.projects.owed(project.id);
      await this.projects.settle(project, false);
      await this.accounts.save(account);
      await this.audit.record({
        action: 'credits.redeemed',
        targetType: 'project',
        targetId: project.id,
        summary: `${quoted(user.username)} paid ${creditsText(cost)} towards project ${quoted(project.name)}${project.isPaid ? ', now paid' : ''}; balance ${account.balance}`,
      });
      return {
        hasRemainingServices: project.hasLinesForMoney && !owed.isZero(),
        remainingBalance: owed.dollars,
        creditBalance: account.balance,
      };
    });
  }
}
