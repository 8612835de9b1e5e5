import { Injectable } from '@nestjs/common';
import { UserRepository } from '../../../clients';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { creditsText, quoted } from '../../../../shared/audit/summary';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import type { CreditEntry } from '../../domain/credit-account';
import { CreditAccountRepository } from '../ports/credit-account.repository';

export interface AdjustCreditsCommand {
  userId: number;
  amount: number;
  type: 'add' | 'remove';
}

/** CONTRACT §4: the admin adds or removes credits; a removal above the balance is refused and changes nothing. */
@Injectable()
export class AdjustCreditsHandler {
  constructor(
    private readonly accounts: CreditAccountRepository,
    private readonly users: UserRepository,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
  ) {}

  execute(cmd: AdjustCreditsCommand): Promise<{ balance: number; entry: CreditEntry }> {
    return this.tx.run(async () => {
      const client = await this.users.findById(cmd.userId);
      if (!client) throw new NotFoundError('USERS.NOT_FOUND', 'Client not found');
      const account = await this.accounts.loadForUpdate(cmd.userId);
      const entry = account.adjust(
        cmd.type,
        cmd.amount,
        cmd.type === 'add' ? 'Credits added by the studio' : 'Credits removed by the studio',
      );
      await this.accounts.save(account);
      await this.audit.record({
        action: 'credits.adjusted',
        targetType: 'client',
        targetId: client.id,
        summary: `${cmd.type === 'add' ? 'Added' : 'Removed'} ${creditsText(cmd.amount)} ${cmd.type === 'add' ? 'to' : 'from'} ${quoted(client.username)}; balance ${account.balance}`,
      });
      return { balance: account.balance, entry };
    });
  }
}
