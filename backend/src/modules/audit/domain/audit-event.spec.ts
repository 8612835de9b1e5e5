import { auditRecord, isAuditAction, MAX_SUMMARY } from './audit-event';

const context = { actor: { id: 1, email: 'owner@studio.test' }, ip: '203.0.113.9' };

describe('auditRecord', () => {
  it("takes the request's actor and address when the entry names none", () => {
    expect(
      auditRecord({ action: 'project.created', targetType: 'project', targetId: 7, summary: 'Created project "Wedding"' }, context),
    ).toEqual({
      action: 'project.created',
      actorId: 1,
      actorEmail: 'owner@studio.test',
      targetType: 'project',
      targetId: '7',
      summary: 'Created project "Wedding"',
      ip: '203.0.113.9',
      via: null,
    });
  });

  it("names the API token an actor acted through, only when the actor is the request's", () => {
    const byToken = { ...context, via: 'token:3 CRM sync' };
    const entry = { action: 'client.updated' as const, targetType: 'client', targetId: 9, summary: 'Renamed' };
    expect(auditRecord(entry, byToken)).toMatchObject({ actorEmail: 'owner@studio.test', via: 'token:3 CRM sync' });
    expect(auditRecord({ ...entry, actor: { id: 9, email: 'c@x.y' } }, byToken)).toMatchObject({ actorId: 9, via: null });
    expect(auditRecord({ ...entry, actor: null }, byToken)).toMatchObject({ actorId: null, via: null });
  });

  it('records no actor for an explicit null, and none outside a request', () => {
    const entry = { action: 'payment.recorded' as const, targetType: 'payment', targetId: 'pi_1', summary: 'Paid' };
    expect(auditRecord({ ...entry, actor: null }, context)).toMatchObject({ actorId: null, actorEmail: null, ip: '203.0.113.9' });
    expect(auditRecord(entry, null)).toMatchObject({ actorId: null, actorEmail: null, ip: null });
    expect(auditRecord({ ...entry, actor: { id: 5, email: 'a@b.c' }, ip: null }, context)).toMatchObject({ actorId: 5, ip: null });
  });

  it('keeps the summary to one line of bounded length', () => {
    const long = auditRecord({ action: 'email.sent', targetType: null, targetId: null, summary: ` Sent\n\n"${'x'.repeat(900)}" ` }, null);
    expect(long.summary).toHaveLength(MAX_SUMMARY);
    expect(long.summary.startsWith('Sent "x')).toBe(true);
    expect(long.summary.endsWith('…')).toBe(true);
  });

  it('refuses an action outside the list', () => {
    expect(isAuditAction('project.created')).toBe(true);
    expect(isAuditAction('project.exploded')).toBe(false);
    expect(() => auditRecord({ action: 'nope' as never, targetType: null, targetId: null, summary: 'x' }, null)).toThrow(
      'unknown audit action',
    );
  });
});
