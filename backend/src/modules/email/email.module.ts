import { MailerModule } from '@nestjs-modules/mailer';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../shared/config/app-config';
import { ClientsModule } from '../clients';
import { StudioModule } from '../studio';
import { AdminEmailHandlers } from './application/admin-email.handlers';
import { DeliveryWatch } from './application/delivery-watch';
import { EmailBrands } from './application/email-brands';
import { EmailOutbox } from './application/email-outbox';
import { OutboxDispatcher } from './application/outbox-dispatcher';
import { NotifyOldAddressHandler, SendVerificationLinkHandler } from './application/account-notices.handlers';
import { MailServerProbe } from './application/ports/mail-server-probe';
import { MailTransport } from './application/ports/mail-transport';
import { OutboxRepository } from './application/ports/outbox.repository';
import { EmailController } from './infrastructure/http/email.controller';
import { NodemailerMailTransport } from './infrastructure/nodemailer-mail-transport';
import { OutboxOrmEntity } from './infrastructure/persistence/outbox.orm-entity';
import { OutboxQueries } from './infrastructure/persistence/outbox.queries';
import { OutboxTypeormRepository } from './infrastructure/persistence/outbox.typeorm-repository';
import { SmtpMailServerProbe } from './infrastructure/smtp-mail-server-probe';

@Module({
  imports: [
    ClientsModule,
    StudioModule,
    TypeOrmModule.forFeature([OutboxOrmEntity]),
    MailerModule.forRootAsync({
      imports: [],
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        transport: config.smtpUrl
          ? {
              url: config.smtpUrl,
              pool: true,
              maxConnections: 5,
              connectionTimeout: 10_000,
              greetingTimeout: 10_000,
              socketTimeout: 20_000,
            }
          : { jsonTransport: true },
        defaults: { from: config.mailFrom },
      }),
    }),
  ],
  controllers: [EmailController],
  providers: [
    EmailOutbox,
    EmailBrands,
    OutboxDispatcher,
    DeliveryWatch,
    AdminEmailHandlers,
    NotifyOldAddressHandler,
    SendVerificationLinkHandler,
    OutboxQueries,
    { provide: OutboxRepository, useClass: OutboxTypeormRepository },
    { provide: MailTransport, useClass: NodemailerMailTransport },
    { provide: MailServerProbe, useClass: SmtpMailServerProbe },
  ],
  exports: [EmailOutbox, EmailBrands, OutboxDispatcher],
})
export class EmailModule {}
