import { User } from '../../domain/user';
import { immediateTx, InMemoryAuditTrail, InMemorySessions, InMemoryUsers } from '../../../../testing/in-memory';
import { DeleteAccountHandler } from './delete-account.handler';

describe('DeleteAccountHandler', () => {
  let users: InMemoryUsers;
  let sessions: InMemorySessions;
  let handler: DeleteAccountHandler;
  let audit: InMemoryAuditTrail;
  beforeEach(() => {
    users = new InMemoryUsers();
    sessions = new InMemorySessions();
    audit = new InMemoryAuditTrail();
    handler = new DeleteAccountHandler(users, sessions, immediateTx(), audit);
  });

  const add = (username: string, role: 'client' | 'admin') =>
    users.save(User.register({ username, email: `${username}@example.com`, passwordHash: 'h', role }, new Date()));

  it('marks the account deleted, keeps the row, and ends its sessions only', async () => {
    const ann = await add('ann', 'client');
    const bob = await add('bob', 'client');
    sessions.sessions.push({ sid: 'a1', userId: ann.id }, { sid: 'a2', userId: ann.id }, { sid: 'b1', userId: bob.id });
    await handler.execute({ userId: ann.id });
    expect(await users.findById(ann.id)).toBeNull();
    expect(users.rows.get(ann.id)?.deletedAt).toBeInstanceOf(Date);
    expect(sessions.sessions).toEqual([{ sid: 'b1', userId: bob.id }]);
    expect(audit.entries).toEqual([
      { action: 'client.deleted', targetType: 'client', targetId: ann.id, summary: '"ann" (ann@example.com) deleted their account' },
    ]);
  });

  it("logs the admin's deletion as the admin's", async () => {
    const ann = await add('ann', 'client');
    await handler.execute({ userId: ann.id, actorId: 99 });
    expect(audit.entries.map((e) => e.summary)).toEqual(['Deleted client "ann" (ann@example.com)']);
  });

  it('refuses to delete the last admin, and allows it while another admin remains', async () => {
    const owner = await add('owner', 'admin');
    await expect(handler.execute({ userId: owner.id })).rejects.toMatchObject({ code: 'USERS.LAST_ADMIN', kind: 'conflict' });
    expect(await users.findById(owner.id)).not.toBeNull();
    expect(audit.entries).toEqual([]);
    await add('second', 'admin');
    await handler.execute({ userId: owner.id });
    expect(await users.findById(owner.id)).toBeNull();
  });

  it('answers not found for an account already deleted', async () => {
    const ann = await add('ann', 'client');
    await handler.execute({ userId: ann.id });
    await expect(handler.execute({ userId: ann.id })).rejects.toMatchObject({ kind: 'not_found' });
  });
});
