import { MailerService } from '@nestjs-modules/mailer';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import { StudioSettings } from '../../studio';
import { MailTransport } from '../application/ports/mail-transport';
import type { EmailMessage } from '../domain/email-message';

/** The address part of MAIL_FROM ('Studio <no-reply@example.com>' → 'no-reply@example.com'). */
export function fromAddress(mailFrom: string): string {
  const angled = /<([^<>]+)>\s*$/.exec(mailFrom);
  return (angled ? angled[1] : mailFrom).trim();
}

/**
 * Delivers through @nestjs-modules/mailer (nodemailer): SMTP when SMTP_URL is set, otherwise
 * nodemailer's JSON transport, which builds the message and sends it nowhere (the mock transport).
 * Each message goes out under the studio's sender name (CONTRACT §13) from MAIL_FROM's address, with the
 * studio's Reply-To when it has one: read when the message leaves, once per message.
 */
@Injectable()
export class NodemailerMailTransport extends MailTransport {
  readonly isMock: boolean;
  private readonly address: string;

  constructor(
    private readonly mailer: MailerService,
    private readonly studio: StudioSettings,
    config: AppConfig,
  ) {
    super();
    this.isMock = !config.smtpUrl;
    this.address = fromAddress(config.mailFrom);
  }

  async send(message: EmailMessage): Promise<string> {
    const studio = await this.studio.current();
    const replyTo = studio.props.replyTo.trim();
    const info = (await this.mailer.sendMail({
      from: { name: studio.senderName, address: this.address },
      ...(replyTo ? { replyTo } : {}),
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    })) as { response?: string; messageId?: string };
    return this.isMock ? `mock transport: not sent (${info.messageId ?? 'no id'})` : String(info.response ?? 'accepted');
  }
}
