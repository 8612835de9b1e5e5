import { receiptDescription } from './receipt';

describe('receiptDescription', () => {
  it('names the project, and says so when the payment was its deposit', () => {
    expect(receiptDescription({ kind: 'project', name: 'Harbour wedding' })).toBe('Photography project: Harbour wedding');
    expect(receiptDescription({ kind: 'project', name: 'Harbour wedding', deposit: false })).toBe('Photography project: Harbour wedding');
    expect(receiptDescription({ kind: 'project', name: 'Harbour wedding', deposit: true })).toBe(
      'Photography project: Harbour wedding (deposit)',
    );
  });

  it('names a bundle with its credits', () => {
    expect(receiptDescription({ kind: 'bundle', name: 'Starter', credits: 1 })).toBe('Credit bundle: Starter (1 credit)');
    expect(receiptDescription({ kind: 'bundle', name: 'Pro', credits: 10 })).toBe('Credit bundle: Pro (10 credits)');
  });
});
