import { GatewayIntent, IntentRecord, verifyIntent } from './card-payment';

const record: IntentRecord = { id: 'pi_1', purpose: 'project', projectId: 4, userId: 7, amountCents: 39950, currency: 'usd' };
const intent: GatewayIntent = {
  id: 'pi_1',
  clientSecret: 'pi_1_secret_x',
  status: 'succeeded',
  amountCents: 39950,
  currency: 'usd',
  metadata: { projectId: '4', userId: '7', purpose: 'project' },
};

describe('verifyIntent', () => {
  it('accepts a succeeded intent for the recorded project, user, amount and currency', () => {
    expect(verifyIntent(intent, record, { projectId: 4, userId: 7 })).toBe(record);
  });

  it.each([
    [{ status: 'requires_payment_method' }, {}, /has not succeeded \(status: requires_payment_method\)/],
    [{ status: 'processing' }, {}, /has not succeeded/],
    [{ amountCents: 100 }, {}, /amount paid does not match/],
    [{ currency: 'eur' }, {}, /another currency/],
    [{ metadata: { projectId: '5', userId: '7' } }, {}, /does not belong/],
    [{ metadata: { projectId: '4', userId: '8' } }, {}, /does not belong/],
    [{}, { projectId: 5 }, /does not belong/],
    [{}, { userId: 8 }, /does not belong/],
  ])('refuses %j (expected %j)', (change, expected, message) => {
    expect(() => verifyIntent({ ...intent, ...change } as GatewayIntent, record, expected)).toThrow(message);
  });

  it('refuses an intent this portal did not create', () => {
    expect(() => verifyIntent(intent, null)).toThrow('This payment was not started here');
  });
});
