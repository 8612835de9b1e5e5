/**
 * An account's e-mail address changed (Account Settings): published inside the change's transaction,
 * so what other modules do about it (the e-mail module's notice to the old address) commits with it.
 */
export class AccountEmailChanged {
  constructor(
    readonly userId: number,
    readonly username: string,
    readonly oldEmail: string,
    readonly newEmail: string,
  ) {}
}
