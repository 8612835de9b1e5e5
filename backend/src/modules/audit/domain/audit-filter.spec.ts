import { actionFilter, timeBound } from './audit-filter';

describe('the Activity Log filter', () => {
  it('reads a date alone as a day and a date-time with its offset as an instant', () => {
    expect(timeBound('2026-03-14', 'from')).toEqual({ day: '2026-03-14' });
    expect(timeBound('2026-03-14T09:30:00Z', 'to')).toEqual({ instant: new Date('2026-03-14T09:30:00Z') });
    expect(timeBound('2026-03-14T09:30:00.123+01:00', 'to')).toEqual({ instant: new Date('2026-03-14T08:30:00.123Z') });
    expect(timeBound('', 'from')).toBeUndefined();
    expect(timeBound(undefined, 'from')).toBeUndefined();
  });

  it.each([['14/03/2026'], ['2026-02-30'], ['2026-03-14T09:30'], ['yesterday'], [42], [['2026-03-14']]])(
    'refuses %j with a 400',
    (value) => {
      expect(() => timeBound(value, 'from')).toThrow(expect.objectContaining({ kind: 'validation', code: 'LIST.BAD_PARAMETER' }));
    },
  );

  it('takes only a recorded action', () => {
    expect(actionFilter('credits.adjusted')).toBe('credits.adjusted');
    expect(actionFilter('')).toBeUndefined();
    expect(() => actionFilter('drop table')).toThrow('filter action must be one of the recorded actions');
  });
});
