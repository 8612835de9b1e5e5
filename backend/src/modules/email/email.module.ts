import { MailerModule } from '@nestjs-modules/mailer';
import { Module } from '@nestjs/common';
import { AppConfig } from '../../shared/config/app-config';
import { EmailOutbox } from './application/email-outbox';
import { OutboxDispatcher } from './application/outbox-dispatcher';
import { MailTransport } from './application/ports/mail-transport';
import { OutboxRepository } from './application/ports/outbox.repository';
import { NodemailerMailTransport } from './infrastructure/nodemailer-mail-transport';
import { OutboxTypeormRepository } from './infrastructure/persistence/outbox.typeorm-repository';

@Module({
  imports: [
    MailerModule.forRootAsync({
      imports: [],
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        transport: config.smtpUrl
          ? { url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }
          : { jsonTransport: true },
        defaults: { from: config.mailFrom },
      }),
    }),
  ],
  providers: [
    EmailOutbox,
    OutboxDispatcher,
    { provide: OutboxRepository, useClass: OutboxTypeormRepository },
    { provide: MailTransport, useClass: NodemailerMailTransport },
  ],
  exports: [EmailOutbox, OutboxDispatcher],
})
export class EmailModule {}
