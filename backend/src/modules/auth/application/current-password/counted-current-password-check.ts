import { Injectable } from '@nestjs/common';
import { RequestContext } from '../../../../shared/audit/request-context';
import { CurrentPasswordCheck } from '../../../../shared/security/current-password-check';
import { PasswordHasher } from '../../../../shared/security/password-hasher';
import { SignInTries } from '../sign-in-tries';

/** A current-password check that counts like a sign-in (SignInTries): recorded before it is judged, taken back when right. */
@Injectable()
export class CountedCurrentPasswordCheck extends CurrentPasswordCheck {
  constructor(
    private readonly tries: SignInTries,
    private readonly hasher: PasswordHasher,
  ) {
    super();
  }

  async verify(account: { email: string; passwordHash: string }, password: string): Promise<boolean> {
    const tryId = await this.tries.begin(account.email, RequestContext.current()?.ip ?? null);
    const ok = await this.hasher.verify(account.passwordHash, password);
    if (ok) await this.tries.succeeded(tryId);
    return ok;
  }
}
