import { simpleParser, type ParsedMail } from 'mailparser';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

/** A real SMTP server on a free local port that keeps every message it accepts. */
export class SmtpSink {
  readonly messages: CapturedMail[] = [];
  private server!: SMTPServer;
  private waiters: Array<() => void> = [];
  private options: { user?: string; pass?: string; saveTo?: string; port?: number } = {};
  port = 0;

  /** `saveTo`: also write each message as JSON into this folder, for readers in other processes. */
  async start(options: { user?: string; pass?: string; saveTo?: string; port?: number } = {}): Promise<this> {
    this.options = options;
    this.server = new SMTPServer({
      secure: false,
      disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.user,
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, cb) => {
        if (auth.username === options.user && auth.password === options.pass) cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      onData: (stream, _session, cb) => {
        simpleParser(stream)
          .then((parsed) => {
            const to = ([] as Array<{ value: Array<{ address?: string }> }>)
              .concat((parsed.to as never) ?? [])
              .flatMap((a) => a.value.map((v) => v.address ?? ''));
            const mail = {
              to,
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            };
            this.messages.push({ ...mail, parsed });
            if (options.saveTo) {
              writeFileSync(join(options.saveTo, `${Date.now()}-${this.messages.length}.json`), JSON.stringify(mail));
            }
            this.waiters.splice(0).forEach((w) => w());
            cb();
          })
          .catch((err: Error) => cb(err));
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  /** Starts again on the same port after `stop()`, keeping the messages received so far (an outage ending). */
  async restart(): Promise<this> {
    return this.start({ ...this.options, port: this.port });
  }

  url(auth?: { user: string; pass: string }): string {
    return auth ? `smtp://${auth.user}:${auth.pass}@127.0.0.1:${this.port}` : `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves with the first message matching `predicate`, waiting for it up to `timeoutMs`. */
  async waitFor(predicate: (m: CapturedMail) => boolean, timeoutMs = 10_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no matching e-mail within ${timeoutMs} ms (got ${this.messages.length}: ${this.messages.map((m) => `${m.to} "${m.subject}"`).join(', ')})`,
        );
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  to(address: string): CapturedMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
