import { User } from '../../../clients';
import { immediateTx, InMemoryAuditTrail, InMemoryUsers } from '../../../../testing/in-memory';
import { InMemoryCreditAccounts } from '../../testing/in-memory-credits';
import { AdjustCreditsHandler } from './adjust-credits.handler';

describe('AdjustCreditsHandler', () => {
  let users: InMemoryUsers;
  let accounts: InMemoryCreditAccounts;
  let handler: AdjustCreditsHandler;
  let audit: InMemoryAuditTrail;
  let ann: User;

  beforeEach(async () => {
    users = new InMemoryUsers();
    accounts = new InMemoryCreditAccounts();
    audit = new InMemoryAuditTrail();
    handler = new AdjustCreditsHandler(accounts, users, immediateTx(), audit);
    ann = await users.save(User.register({ username: 'Ann Lee', email: 'ann@example.com', passwordHash: 'h' }, new Date()));
  });

  it("adds and removes credits with the studio's descriptions", async () => {
    expect(await handler.execute({ userId: ann.id, amount: 8, type: 'add' })).toMatchObject({
      balance: 8,
      entry: { type: 'adjustment-add', amount: 8 },
    });
    expect(await handler.execute({ userId: ann.id, amount: 3, type: 'remove' })).toMatchObject({ balance: 5 });

    expect(accounts.balances.get(ann.id)).toBe(5);
    expect(accounts.entriesOf(ann.id).map((e) => [e.type, e.amount, e.description])).toEqual([
      ['adjustment-add', 8, 'Credits added by the studio'],
      ['adjustment-remove', 3, 'Credits removed by the studio'],
    ]);
    expect(audit.entries.map((e) => [e.action, e.targetId, e.summary])).toEqual([
      ['credits.adjusted', ann.id, 'Added 8 credits to "Ann Lee"; balance 8'],
      ['credits.adjusted', ann.id, 'Removed 3 credits from "Ann Lee"; balance 5'],
    ]);
  });

  it('refuses to remove more than the balance, changing nothing', async () => {
    await handler.execute({ userId: ann.id, amount: 2, type: 'add' });

    await expect(handler.execute({ userId: ann.id, amount: 3, type: 'remove' })).rejects.toMatchObject({
      code: 'CREDITS.REMOVAL_ABOVE_BALANCE',
      fields: { amount: 'Cannot remove more credits than the client has (balance: 2)' },
    });

    expect(accounts.balances.get(ann.id)).toBe(2);
    expect(accounts.ledger).toHaveLength(1);
    expect(audit.entries).toHaveLength(1);
  });

  it('answers not found for an unknown or deleted client, opening no account', async () => {
    await expect(handler.execute({ userId: 404, amount: 1, type: 'add' })).rejects.toMatchObject({
      code: 'USERS.NOT_FOUND',
      kind: 'not_found',
    });
    ann.markDeleted(new Date());
    await users.save(ann);
    await expect(handler.execute({ userId: ann.id, amount: 1, type: 'add' })).rejects.toMatchObject({ kind: 'not_found' });
    expect(accounts.balances.size).toBe(0);
  });
});
