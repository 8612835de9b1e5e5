/** What a hidden token reads as in the back office's copy of a message. */
export const HIDDEN = '[hidden]';

/** The query parameters of a link whose value is a secret (CONTRACT §12). */
const SECRET_PARAMETERS = ['token', 'invite', 'sig', 'code', 'access_token'];
// In a link of the text part (`?token=…`, `&invite=…`) or of the HTML (`&amp;invite=…`); a value ends
// where the link's query goes on, or where the link itself ends.
const SECRET_VALUE = new RegExp(`((?:[?&]|&amp;)(?:${SECRET_PARAMETERS.join('|')})=)[^&\\s"'<>#]+`, 'gi');

/**
 * Messages whose link carries a live token: the welcome e-mail and 'Confirm your email address' (the
 * verification link) and the invitation. Their token is hidden in the back office, and in the copy the
 * outbox keeps once the message is sent (as a reset code's message is scrubbed): only the recipient's
 * mailbox holds the working link.
 */
export function carriesLinkToken(kind: string): boolean {
  return kind === 'welcome' || kind === 'email-verification' || kind === 'invitation';
}

/** `body` with the value of every secret parameter of its links replaced by [hidden]. */
export function hideLinkSecrets(body: string): string {
  return body.replace(SECRET_VALUE, `$1${HIDDEN}`);
}
