import { User } from '../../../clients/domain/user';
import { AppConfig } from '../../../../shared/config/app-config';
import type { EmailOutbox } from '../../../email';
import { CollectingOutbox, InMemoryAttempts } from '../../../../testing/in-memory';
import { SECOND_PROOF_TRIES } from '../../domain/sign-in-limits';
import { SecondProofCap } from './second-proof-cap';

describe('SecondProofCap', () => {
  let attempts: InMemoryAttempts;
  let outbox: CollectingOutbox;
  let cap: SecondProofCap;
  const ann = User.restore({
    id: 7,
    username: 'Ann Lee',
    email: 'ann@example.com',
    passwordHash: 'x',
    company: null,
    role: 'client',
    createdAt: new Date(),
    deletedAt: null,
    emailVerifiedAt: new Date(),
    twoFactorEnabledAt: new Date(),
  });

  beforeEach(() => {
    attempts = new InMemoryAttempts();
    outbox = new CollectingOutbox();
    cap = new SecondProofCap(attempts, outbox as unknown as EmailOutbox, Object.assign(new AppConfig(), { appUrl: 'http://studio.test' }));
  });

  const wrongFrom = async (address: string) => {
    await cap.begin(ann, address);
    await cap.failed(ann);
  };

  it('takes 20 wrong proofs from any addresses, then refuses the account’s second steps (429) without counting them', async () => {
    for (let i = 0; i < SECOND_PROOF_TRIES.max; i++) await wrongFrom(`198.51.100.${i}`);
    await expect(cap.begin(ann, '10.0.0.1')).rejects.toMatchObject({ kind: 'too_many_requests', code: 'AUTH.ACCOUNT_LOCKED' });
    await expect(cap.begin(ann, '10.0.0.2')).rejects.toMatchObject({ kind: 'too_many_requests' });
    expect(attempts.rows.filter((r) => r.kind === 'proof_failure')).toHaveLength(SECOND_PROOF_TRIES.max);
  });

  it('tells the owner once per window, when the cap is reached', async () => {
    for (let i = 0; i < SECOND_PROOF_TRIES.max - 1; i++) await wrongFrom('198.51.100.1');
    expect(outbox.sent).toEqual([]);
    await wrongFrom('198.51.100.2');
    await cap.begin(ann, '10.0.0.1').catch(() => undefined);
    await cap.begin(ann, '10.0.0.1').catch(() => undefined);
    expect(outbox.sent).toHaveLength(1);
    expect(outbox.sent[0]).toMatchObject({ kind: 'password-known', to: 'ann@example.com', subject: 'Someone knows your password' });
    expect(outbox.sent[0].text).toContain('http://studio.test/forgot-password');
  });

  it('does not count a right proof', async () => {
    for (let i = 0; i < 50; i++) await cap.forget(await cap.begin(ann, '198.51.100.1'));
    expect(attempts.rows).toEqual([]);
    expect(outbox.sent).toEqual([]);
  });
});
