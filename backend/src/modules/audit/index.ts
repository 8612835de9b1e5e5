/** The audit module's public surface: the module (global, it provides the shared AuditTrail port). */
export { AuditModule } from './audit.module';
export type { AuditEvent, AuditRecord } from './domain/audit-event';
