import { Injectable } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { AppConfig } from '../../../shared/config/app-config';
import { EmailStatus, MailServerProbe } from '../application/ports/mail-server-probe';

/** How long the status check may take at most: the back office waits for it. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Opens a fresh SMTP connection to SMTP_URL, greets, upgrades to TLS when offered and signs in with
 * the URL's credentials (nodemailer's verify), then closes it. A refused login is told apart from a
 * server that cannot be reached.
 */
@Injectable()
export class SmtpMailServerProbe extends MailServerProbe {
  constructor(private readonly config: AppConfig) {
    super();
  }

  async check(): Promise<EmailStatus> {
    if (!this.config.smtpUrl) return { status: 'mock', reason: 'no_credentials' };
    const transport = createTransport({
      url: this.config.smtpUrl,
      connectionTimeout: PROBE_TIMEOUT_MS,
      greetingTimeout: PROBE_TIMEOUT_MS,
      socketTimeout: PROBE_TIMEOUT_MS,
    } as Parameters<typeof createTransport>[0]);
    try {
      await transport.verify();
      return { status: 'connected' };
    } catch (err) {
      const e = err as { code?: string; message?: string; responseCode?: number };
      const error = String(e?.message ?? err).slice(0, 500);
      const authFailed = e?.code === 'EAUTH' || e?.responseCode === 535 || e?.responseCode === 534;
      return authFailed ? { status: 'error', reason: 'authentication_failed', error } : { status: 'error', error };
    } finally {
      transport.close();
    }
  }
}
