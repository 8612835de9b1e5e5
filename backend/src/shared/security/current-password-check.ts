/**
 * Port: checks an account's current password where a signed-in change asks for it (a new e-mail or
 * password, two-factor on or off). Each wrong one counts toward the account's sign-in limits from the
 * client address (CONTRACT §5), so a borrowed session cannot guess the password at leisure: past the
 * limit the check answers 429 whatever the password. The auth module provides it.
 */
export abstract class CurrentPasswordCheck {
  /** true when `password` is the account's; throws 429 when the address is over its sign-in limit. */
  abstract verify(account: { email: string; passwordHash: string }, password: string): Promise<boolean>;
}
