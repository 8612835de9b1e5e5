/** CONTRACT §5: what GET /api/email-status answers. */
export type EmailStatus =
  | { status: 'connected' }
  | { status: 'mock'; reason: 'no_credentials' }
  | { status: 'error'; reason?: 'authentication_failed'; error: string };

/** Port: connects to the configured mail server and signs in, without sending anything. */
export abstract class MailServerProbe {
  abstract check(): Promise<EmailStatus>;
}
