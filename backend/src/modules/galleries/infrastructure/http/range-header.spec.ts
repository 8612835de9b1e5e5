import { parseRangeHeader } from './range-header';

describe('parseRangeHeader: the single byte range of a Range header', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100 }],
    ['bytes=-500', { suffix: 500 }],
    ['bytes=-0', { suffix: 0 }],
    ['bytes=5-5', { start: 5, end: 5 }],
    ['Bytes = 2 - 4 ', { start: 2, end: 4 }],
    ['bytes=0-99999999999999999999999', { start: 0, end: Number.MAX_SAFE_INTEGER }],
    ['bytes=-99999999999999999999999', { suffix: Number.MAX_SAFE_INTEGER }],
  ])('%s', (header, range) => {
    expect(parseRangeHeader(header)).toEqual(range);
  });

  it.each([['bytes=9-3'], ['bytes=99999999999999999999999-']])('%s is unsatisfiable (416)', (header) => {
    expect(parseRangeHeader(header)).toBe('unsatisfiable');
  });

  it.each([
    [undefined],
    [''],
    ['bytes=-'],
    ['bytes=0-1,5-9'],
    ['items=0-9'],
    ['bytes=a-b'],
    ['bytes=1.5-2'],
    ['bytes=-1-2'],
    [`bytes=0-${'9'.repeat(300)}`],
    [['bytes=0-1']],
  ])('%s: ignored, the whole file is sent', (header) => {
    expect(parseRangeHeader(header)).toBeNull();
  });
});
