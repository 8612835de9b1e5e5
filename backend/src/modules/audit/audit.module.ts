import { Global, Module } from '@nestjs/common';
import { AuditTrail } from '../../shared/audit/audit-trail';
import { AuditEventStore } from './application/ports/audit-event.store';
import { RequestAuditTrail } from './application/request-audit-trail';
import { AuditEventsController } from './infrastructure/http/audit-events.controller';
import { AuditEventQueries } from './infrastructure/persistence/audit-event.queries';
import { AuditEventTypeormRepository } from './infrastructure/persistence/audit-event.typeorm-repository';

/**
 * The activity log (CONTRACT §8, decision 0022). Global: every module records its actions through the
 * shared AuditTrail port without importing this module.
 */
@Global()
@Module({
  controllers: [AuditEventsController],
  providers: [
    AuditEventQueries,
    { provide: AuditEventStore, useClass: AuditEventTypeormRepository },
    { provide: AuditTrail, useClass: RequestAuditTrail },
  ],
  exports: [AuditTrail],
})
export class AuditModule {}
