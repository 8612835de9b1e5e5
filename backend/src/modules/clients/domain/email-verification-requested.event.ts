/**
 * A verification link was made for an address that needs one (a new address in Account Settings, or
 * a new link asked for): the e-mail module sends it, inside the transaction that made the link.
 */
export class EmailVerificationRequested {
  constructor(
    readonly username: string,
    readonly email: string,
    readonly verifyUrl: string,
    readonly reason: 'changed' | 'resend',
  ) {}
}
