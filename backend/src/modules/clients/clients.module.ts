import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailVerification } from './application/email-verification/email-verification';
import { EmailVerifications } from './application/ports/email-verifications';
import { EmailVerificationController } from './infrastructure/http/email-verification.controller';
import { EmailVerificationsTypeormRepository } from './infrastructure/persistence/email-verifications.typeorm-repository';
import { DomainEventsModule } from '../../shared/events/in-process-domain-events';
import { EndSessionsHandler } from './application/end-sessions/end-sessions.handler';
import { DeleteAccountHandler } from './application/delete-account/delete-account.handler';
import { UserRepository } from './application/ports/user.repository';
import { UpdateAccountHandler } from './application/update-account/update-account.handler';
import { UpdateClientHandler } from './application/update-client/update-client.handler';
import { AccountController } from './infrastructure/http/account.controller';
import { ClientsController } from './infrastructure/http/clients.controller';
import { ClientQueries } from './infrastructure/persistence/client.queries';
import { UserOrmEntity } from './infrastructure/persistence/user.orm-entity';
import { UserTypeormRepository } from './infrastructure/persistence/user.typeorm-repository';

@Module({
  imports: [TypeOrmModule.forFeature([UserOrmEntity]), DomainEventsModule],
  controllers: [AccountController, ClientsController, EmailVerificationController],
  providers: [
    EmailVerification,
    { provide: EmailVerifications, useClass: EmailVerificationsTypeormRepository },
    UpdateAccountHandler,
    DeleteAccountHandler,
    EndSessionsHandler,
    UpdateClientHandler,
    ClientQueries,
    { provide: UserRepository, useClass: UserTypeormRepository },
  ],
  exports: [UserRepository, EmailVerification],
})
export class ClientsModule {}
