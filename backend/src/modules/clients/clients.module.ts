import { Module } from '@nestjs/common';
import { DeleteAccountHandler } from './application/delete-account/delete-account.handler';
import { UserRepository } from './application/ports/user.repository';
import { UpdateAccountHandler } from './application/update-account/update-account.handler';
import { AccountController } from './infrastructure/http/account.controller';
import { UserTypeormRepository } from './infrastructure/persistence/user.typeorm-repository';

@Module({
  controllers: [AccountController],
  providers: [
    UpdateAccountHandler,
    DeleteAccountHandler,
    { provide: UserRepository, useClass: UserTypeormRepository },
  ],
  exports: [UserRepository],
})
export class ClientsModule {}
