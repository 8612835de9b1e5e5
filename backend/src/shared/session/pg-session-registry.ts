import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../transaction/transaction-host';
import { SessionRegistry } from './session-registry';

/** Sessions live in the `session` table written by connect-pg-simple; passport keeps the user id in it. */
@Injectable()
export class PgSessionRegistry extends SessionRegistry {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async endSessionsOf(userId: number, exceptSessionId?: string): Promise<number> {
    const result: [unknown[], number] = await this.tx.manager.query(
      `DELETE FROM session WHERE (sess -> 'passport' ->> 'user') = $1 AND sid <> $2`,
      [String(userId), exceptSessionId ?? ''],
    );
    return result[1];
  }
}
