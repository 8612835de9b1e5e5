import { gunzipSync } from 'node:zlib';
import { ListCache } from './list-cache';

describe('ListCache', () => {
  const body = (n: number) => JSON.stringify('x'.repeat(n));

  it('gives an answer back only at the version it was kept at', () => {
    const cache = new ListCache({ maxEntries: 10, maxBytes: 1_000_000 });
    cache.put('a', '7', body(10), { 'Content-Range': 'projects 0-0/1' });
    expect(cache.get('a', '7')?.headers).toEqual({ 'Content-Range': 'projects 0-0/1' });
    expect(cache.get('a', '8')).toBeUndefined();
    expect(cache.get('a', undefined)).toBeUndefined();
    expect(cache.get('b', '7')).toBeUndefined();
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });

  it('replaces the answer of a key, and lets the least recently used go past its entry limit', () => {
    const cache = new ListCache({ maxEntries: 2, maxBytes: 1_000_000 });
    cache.put('a', '1', body(1));
    cache.put('b', '1', body(1));
    cache.get('a', '1'); // a is now the most recently used
    cache.put('c', '1', body(1));
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBeDefined();
    expect(cache.get('c', '1')).toBeDefined();
    cache.put('a', '2', body(5));
    expect(cache.size).toBe(2);
    expect(cache.get('a', '1')).toBeUndefined();
    expect(cache.get('a', '2')?.body.toString()).toBe(body(5));
  });

  it('stays within its bytes, gzipped copies included, and never keeps an answer bigger than all of it', () => {
    const cache = new ListCache({ maxEntries: 100, maxBytes: 3_000 });
    for (let i = 0; i < 10; i++) cache.put(`k${i}`, '1', body(900));
    expect(cache.sizeInBytes).toBeLessThanOrEqual(3_000);
    expect(cache.size).toBe(3);
    const kept = cache.get('k9', '1')!;
    const before = cache.sizeInBytes;
    const zipped = cache.gzipped(kept);
    expect(gunzipSync(zipped).toString()).toBe(body(900));
    expect(cache.gzipped(kept)).toBe(zipped); // made once
    expect(cache.sizeInBytes).toBe(before + zipped.length);
    const huge = cache.put('huge', '1', body(5_000));
    expect(cache.holds(huge)).toBe(false);
    expect(cache.get('huge', '1')).toBeUndefined();
  });

  it('keeps nothing when it has no room (LIST_CACHE_MB=0)', () => {
    const cache = new ListCache({ maxEntries: 0, maxBytes: 0 });
    const entry = cache.put('a', '1', body(10));
    expect(cache.holds(entry)).toBe(false);
    expect(cache.size).toBe(0);
    expect(cache.sizeInBytes).toBe(0);
  });
});
