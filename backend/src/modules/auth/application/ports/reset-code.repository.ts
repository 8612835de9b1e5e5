import type { ResetCode } from '../../domain/reset-code';

/** Port: the one live reset code of an account (a new one replaces the old). */
export abstract class ResetCodeRepository {
  /** The account's code, its row locked until the open transaction ends. */
  abstract findForUpdate(userId: number): Promise<ResetCode | null>;
  abstract save(userId: number, code: ResetCode | null): Promise<void>;
}
