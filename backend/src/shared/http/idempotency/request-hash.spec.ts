import { createHash } from 'node:crypto';
import { canonicalJson, requestHash } from './request-hash';

describe('canonicalJson', () => {
  it('sorts the keys of every object, at every depth, and writes no white space', () => {
    const a = JSON.parse('{ "projectId": 12, "note": "Cash", "meta": { "z": [1, 2], "a": null } }');
    const b = JSON.parse('{"meta":{"a":null,"z":[1,2]},"note":"Cash","projectId":12}');
    expect(canonicalJson(a)).toBe('{"meta":{"a":null,"z":[1,2]},"note":"Cash","projectId":12}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it('keeps the order of arrays and the type of each value', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson({ amount: '50' })).not.toBe(canonicalJson({ amount: 50 }));
    expect(canonicalJson({ paid: true })).not.toBe(canonicalJson({ paid: 'true' }));
    expect(canonicalJson({ note: null })).not.toBe(canonicalJson({}));
  });

  it('leaves out undefined properties as JSON does, and reads undefined as null', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
    expect(canonicalJson([undefined])).toBe('[null]');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('escapes keys and strings as JSON does', () => {
    expect(canonicalJson({ 'é"\n': 'line\nbreak "quoted" ✓' })).toBe(JSON.stringify({ 'é"\n': 'line\nbreak "quoted" ✓' }));
  });

  it('sorts keys whatever order they were added in (property check)', () => {
    const entries: Array<[string, number]> = Array.from({ length: 30 }, (_, i) => [`k${(i * 7) % 30}`, i]);
    const forward = Object.fromEntries(entries);
    const backward = Object.fromEntries([...entries].reverse());
    expect(canonicalJson(backward)).toBe(canonicalJson(forward));
  });

  it('writes what toJSON gives (a Date as its ISO string)', () => {
    expect(canonicalJson({ at: new Date('2026-01-02T03:04:05.000Z') })).toBe('{"at":"2026-01-02T03:04:05.000Z"}');
  });
});

describe('requestHash', () => {
  it('is the SHA-256 of the canonical body and path parameters', () => {
    const expected = createHash('sha256').update('{"body":{"amount":5,"reason":"x"},"params":{"id":"7"}}').digest('hex');
    expect(requestHash({ reason: 'x', amount: 5 }, { id: '7' })).toBe(expected);
    expect(requestHash({ reason: 'x', amount: 5 }, { id: '7' })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tells apart the same body sent to another resource, and another body to the same one', () => {
    const body = { note: 'Cash' };
    expect(requestHash(body, { id: '1' })).not.toBe(requestHash(body, { id: '2' }));
    expect(requestHash(body, { id: '1' })).not.toBe(requestHash({ note: 'Card' }, { id: '1' }));
    expect(requestHash({ b: 1, a: 2 }, { id: '1' })).toBe(requestHash({ a: 2, b: 1 }, { id: '1' }));
  });

  it('reads a request without a body or parameters as an empty one', () => {
    expect(requestHash(undefined, undefined)).toBe(requestHash(null, {}));
  });
});
