import { summarize } from './delivery-watch';
import { distinctAddresses } from './admin-email.handlers';

describe('recipients of a custom e-mail', () => {
  it('keeps each address once, whatever its case, in the first spelling and order', () => {
    expect(distinctAddresses(['Ann@Example.com', 'bob@example.com', ' ann@example.com ', '', 'BOB@example.com', 'cy@example.com'])).toEqual(
      ['Ann@Example.com', 'bob@example.com', 'cy@example.com'],
    );
  });
});

describe('what the admin is told after the first tries', () => {
  it('counts sent, logged and waiting messages and keeps the last server answer', () => {
    expect(
      summarize([
        { id: 1, status: 'sent', attempts: 1, lastError: null },
        { id: 2, status: 'pending', attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:25' },
        { id: 3, status: 'sending', attempts: 1, lastError: null },
        { id: 4, status: 'logged', attempts: 1, lastError: null },
      ]),
    ).toEqual({ total: 4, sent: 1, logged: 1, waiting: 2, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
  });
});
