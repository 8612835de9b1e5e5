import { likePattern, parseListQuery } from './list-query';

const sortable = ['name', 'date'] as const;
const defaults = { field: 'date' as const, order: 'DESC' as const };

describe('parseListQuery', () => {
  it('answers the plain array mode without parameters', () => {
    expect(parseListQuery({}, sortable, defaults)).toMatchObject({ paged: false, sortField: 'date', sortOrder: 'DESC', offset: 0 });
  });

  it('reads react-admin simple-rest parameters', () => {
    const q = parseListQuery({ sort: '["name","ASC"]', range: '[25,49]', filter: '{"q":"smith"}' }, sortable, defaults);
    expect(q).toEqual({ paged: true, sortField: 'name', sortOrder: 'ASC', offset: 25, limit: 25, filter: { q: 'smith' } });
  });

  it.each([
    [{ sort: '["password","ASC"]' }, /Cannot sort by password/],
    [{ sort: 'name' }, /sort must be JSON/],
    [{ sort: '["name","SIDEWAYS"]' }, /ASC or DESC/],
    [{ range: '[10,5]' }, /range/],
    [{ range: '[-1,5]' }, /range/],
    [{ range: '[0,1.5]' }, /range/],
    [{ filter: '[1]' }, /filter must be a JSON object/],
    [{ filter: '{bad' }, /filter must be JSON/],
    [{ filter: '{"q":"a\\u0000b"}' }, /must not contain NUL/],
    [{ filter: '{"q":"\\ud800"}' }, /broken Unicode/],
    [{ filter: '{"a\\u0000":1}' }, /must not contain NUL/],
    [{ sort: '["name\\u0000","ASC"]' }, /must not contain NUL/],
    [{ filter: '{"q":' + '['.repeat(40) + ']'.repeat(40) + '}' }, /filter is nested too deeply/],
  ])('refuses %j', (query, message) => {
    expect(() => parseListQuery(query, sortable, defaults)).toThrow(message);
  });

  it('caps a page at 500 rows', () => {
    expect(parseListQuery({ range: '[0,100000]' }, sortable, defaults).limit).toBe(500);
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
