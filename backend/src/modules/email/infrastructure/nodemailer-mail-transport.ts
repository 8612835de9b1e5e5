import { MailerService } from '@nestjs-modules/mailer';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import { MailTransport } from '../application/ports/mail-transport';
import type { EmailMessage } from '../domain/email-message';

/**
 * Delivers through @nestjs-modules/mailer (nodemailer): SMTP when SMTP_URL is set, otherwise
 * nodemailer's JSON transport, which builds the message and sends it nowhere (the mock transport).
 */
@Injectable()
export class NodemailerMailTransport extends MailTransport {
  readonly isMock: boolean;

  constructor(
    private readonly mailer: MailerService,
    config: AppConfig,
  ) {
    super();
    this.isMock = !config.smtpUrl;
  }

  async send(message: EmailMessage): Promise<string> {
    const info = (await this.mailer.sendMail({
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    })) as { response?: string; messageId?: string };
    return this.isMock ? `mock transport: not sent (${info.messageId ?? 'no id'})` : String(info.response ?? 'accepted');
  }
}
