import { MAX_SEND_ATTEMPTS, OutboxEntry, retryDelayMs } from './outbox-entry';

const message = { kind: 'welcome' as const, to: 'a@example.com', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' };
const now = new Date('2026-03-01T12:00:00Z');

function entry(attempts: number) {
  return new OutboxEntry(1, message, 'sending', attempts, now, null, null, null);
}

describe('OutboxEntry', () => {
  it('backs off exponentially from 5 s up to 10 minutes', () => {
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a))).toEqual([5000, 10000, 20000, 40000]);
    expect(retryDelayMs(30)).toBe(600000);
    for (let a = 1; a < 20; a++) expect(retryDelayMs(a + 1)).toBeGreaterThanOrEqual(retryDelayMs(a));
  });

  it('goes back to pending with the next try scheduled after a failure', () => {
    const e = entry(2);
    e.failedTry('421 Service not available', now);
    expect(e.status).toBe('pending');
    expect(e.lastError).toBe('421 Service not available');
    expect(e.nextAttemptAt.getTime() - now.getTime()).toBe(retryDelayMs(2));
  });

  it('fails for good when the tries are used up', () => {
    const e = entry(MAX_SEND_ATTEMPTS);
    e.failedTry('connection refused', now);
    expect(e.status).toBe('failed');
  });

  it('records the server answer on delivery, and tells the mock transport apart', () => {
    const sent = entry(1);
    sent.delivered('250 OK queued', false, now);
    expect(sent).toMatchObject({ status: 'sent', serverResponse: '250 OK queued', sentAt: now, lastError: null });
    const logged = entry(1);
    logged.delivered('mock', true, now);
    expect(logged.status).toBe('logged');
  });
});

describe('the retry schedule and resending', () => {
  it('scales the back-off from the configured first wait', () => {
    expect([1, 2, 3].map((a) => retryDelayMs(a, 200))).toEqual([200, 400, 800]);
    const e = new OutboxEntry(1, message, 'sending', 1, now, null, null, null);
    e.failedTry('454 try later', now, 200);
    expect(e.nextAttemptAt.getTime() - now.getTime()).toBe(200);
  });
});
