import { DEFAULT_MANUAL_NOTE, PaymentLedger } from '../../../payments';
import { InMemoryPayments, ledgerWithFakes } from '../../../payments/testing/in-memory-payments';
import { Money } from '../../../../shared/domain/money';
import { aUser, immediateTx, InMemoryAuditTrail } from '../../../../testing/in-memory';
import type { ProjectLine } from '../../domain/project';
import { InMemoryProjects } from '../../testing/in-memory-projects';
import { MarkProjectPaidHandler } from './mark-project-paid.handler';
import { FixedStudioSettings } from '../../../studio/testing/fixed-studio-settings';

const person = (id: number, role: 'client' | 'admin' = 'client') => aUser(id, role);

describe('MarkProjectPaidHandler', () => {
  const ann = person(1);
  const bob = person(2);
  const owner = person(9, 'admin');
  let projects: InMemoryProjects;
  let ledger: PaymentLedger;
  let payments: InMemoryPayments;
  let handler: MarkProjectPaidHandler;
  let audit: InMemoryAuditTrail;

  /** $100 session (3 credits when paid with credits) and $30 prints. */
  const lines = (sessionCredits = 0, printsCredits = 0): ProjectLine[] => [
    { serviceId: 1, quantity: 1, unitPrice: Money.fromDollars(100), creditsPaid: sessionCredits },
    { serviceId: 2, quantity: 1, unitPrice: Money.fromDollars(30), creditsPaid: printsCredits },
  ];

  beforeEach(() => {
    const fakes = ledgerWithFakes();
    ({ ledger, payments, audit } = fakes);
    projects = new InMemoryProjects(fakes); // the ledger posts to the invoices the projects keep
    handler = new MarkProjectPaidHandler(projects, ledger, immediateTx(), audit, new FixedStudioSettings());
  });

  describe('by the admin', () => {
    it('records what is still owed as a completed manual payment with the note, and marks the project paid', async () => {
      const id = await projects.seed({ clientId: ann.id, lines: lines(3) });
      await ledger.recordManual(id, ann.id, Money.fromDollars(10));

      await handler.byAdmin(id, '  Cash at the studio ');

      expect(projects.stored(id)!.isPaid).toBe(true);
      expect(payments.rows.map((p) => [p.amount.cents, p.note, p.status, p.clientId])).toEqual([
        [1000, DEFAULT_MANUAL_NOTE, 'completed', ann.id],
        [2000, 'Cash at the studio', 'completed', ann.id],
      ]);
      // the ledger and the handler write to the same log: the payments, then the marking
      expect(audit.actions).toEqual(['payment.recorded', 'payment.recorded', 'project.marked_paid']);
      expect(audit.entries[1].summary).toMatch(/^Recorded a manual payment of \$20\.00 for project ".+" \(Cash at the studio\)$/);
      expect(audit.entries[2].summary).toMatch(/^Marked project ".+" paid \(\$20\.00 recorded by hand\)$/);
    });

    it('uses the default note, and records nothing when nothing is owed (the project is paid already)', async () => {
      const owing = await projects.seed({ clientId: ann.id, lines: lines() });
      const allCredits = await projects.seed({ clientId: ann.id, lines: lines(3, 1) });

      await handler.byAdmin(owing);
      await expect(handler.byAdmin(allCredits, 'ignored')).rejects.toMatchObject({ code: 'PROJECTS.ALREADY_PAID' });

      expect(payments.rows.map((p) => [p.projectId, p.amount.cents, p.note])).toEqual([[owing, 13000, DEFAULT_MANUAL_NOTE]]);
      expect(projects.stored(allCredits)!.isPaid).toBe(true);
    });

    it('refuses a project already paid, recording nothing, and answers not found for an unknown one', async () => {
      const id = await projects.seed({ clientId: ann.id, lines: lines(), isPaid: true });

      await expect(handler.byAdmin(id, 'again')).rejects.toMatchObject({ code: 'PROJECTS.ALREADY_PAID', kind: 'conflict' });
      await expect(handler.byAdmin(404)).rejects.toMatchObject({ kind: 'not_found' });
      expect(payments.rows).toEqual([]);
    });
  });

  describe("by the project's client", () => {
    it('confirms a project that owes nothing (its services paid with credits), recording nothing', async () => {
      const id = await projects.seed({ clientId: ann.id, lines: lines(3, 1) });

      expect((await handler.byOwner(id, ann)).isPaid).toBe(true);
      expect(projects.stored(id)!.isPaid).toBe(true);
      expect(payments.rows).toEqual([]);
    });

    it('refuses while money is still owed, leaving the project unpaid', async () => {
      const id = await projects.seed({ clientId: ann.id, lines: lines(3) });

      await expect(handler.byOwner(id, ann)).rejects.toMatchObject({
        code: 'PROJECTS.STILL_UNPAID',
        message: 'This project still has $30.00 to pay',
      });
      expect(projects.stored(id)!.isPaid).toBe(false);
      expect(payments.rows).toEqual([]);
    });

    it('answers not found to another client and to the admin, and leaves a paid project as it is', async () => {
      const id = await projects.seed({ clientId: ann.id, lines: lines(3, 1) });
      await expect(handler.byOwner(id, bob)).rejects.toMatchObject({ kind: 'not_found' });
      await expect(handler.byOwner(id, owner)).rejects.toMatchObject({ kind: 'not_found' });
      expect(projects.stored(id)!.isPaid).toBe(true); // its credits paid it: derived, not marked

      const paid = await projects.seed({ clientId: ann.id, lines: lines(), isPaid: true });
      expect((await handler.byOwner(paid, ann)).isPaid).toBe(true);
      expect(payments.rows).toEqual([]);
    });
  });
});
