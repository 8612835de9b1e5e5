import { Module } from '@nestjs/common';
import { ServiceRepository } from './application/ports/service.repository';
import { ServiceCatalogue } from './application/service-catalogue';
import { ServicesController } from './infrastructure/http/services.controller';
import { ServiceQueries } from './infrastructure/persistence/service.queries';
import { ServiceTypeormRepository } from './infrastructure/persistence/service.typeorm-repository';

@Module({
  controllers: [ServicesController],
  providers: [ServiceCatalogue, ServiceQueries, { provide: ServiceRepository, useClass: ServiceTypeormRepository }],
  exports: [ServiceRepository],
})
export class ServicesModule {}
