import { mediaUrlExpiry, secondsLeft, signMediaUrl, verifyMediaUrl } from './media-url-signature';

describe('signed media URLs (CONTRACT §10)', () => {
  const secret = 'media-url-secret-for-tests-0123456789';
  const key = 'projects/p1/photo-a/preview.webp';
  const exp = 1795660000;
  const expiresAt = new Date(exp * 1000);
  const before = new Date((exp - 60) * 1000);
  const parts = (url: string) => {
    const parsed = new URL(url, 'http://studio.test');
    return { key: parsed.pathname.replace('/api/media/', ''), exp: parsed.searchParams.get('exp')!, sig: parsed.searchParams.get('sig')! };
  };

  it('signs "<key>\\n<exp>" with HMAC-SHA256, hex, into the media route’s path', () => {
    // computed apart from this code: printf 'projects/p1/photo-a/preview.webp\n1795660000' | openssl dgst -sha256 -hmac "$secret"
    expect(signMediaUrl(key, expiresAt, secret)).toBe(
      `/api/media/${key}?exp=${exp}&sig=db654f3aaba95c57a14bcc56b202d5e6c3d3e406b99a34e0daeac434761b1d9c`,
    );
    // Rounded down to the second.
    expect(signMediaUrl(key, new Date(exp * 1000 + 999), secret)).toBe(signMediaUrl(key, expiresAt, secret));
  });

  it('accepts its own URL until it expires, then says expired', () => {
    const url = parts(signMediaUrl(key, expiresAt, secret));
    expect(url.key).toBe(key);
    expect(verifyMediaUrl(url.key, url.exp, url.sig, secret, before)).toBe('ok');
    expect(verifyMediaUrl(url.key, url.exp, url.sig, secret, new Date(exp * 1000 - 1))).toBe('ok');
    expect(verifyMediaUrl(url.key, url.exp, url.sig, secret, expiresAt)).toBe('expired');
    expect(verifyMediaUrl(url.key, url.exp, url.sig, secret, new Date((exp + 3600) * 1000))).toBe('expired');
  });

  it('refuses another key (another photo, the original behind a preview, another project), a changed expiry, a changed signature or secret', () => {
    const url = parts(signMediaUrl(key, expiresAt, secret));
    expect(verifyMediaUrl('projects/p1/photo-a/original', url.exp, url.sig, secret, before)).toBe('bad-signature');
    expect(verifyMediaUrl('projects/p1/photo-b/preview.webp', url.exp, url.sig, secret, before)).toBe('bad-signature');
    expect(verifyMediaUrl('projects/p2/photo-a/preview.webp', url.exp, url.sig, secret, before)).toBe('bad-signature');
    expect(verifyMediaUrl(url.key, String(exp + 86400), url.sig, secret, before)).toBe('bad-signature');
    const flipped = (url.sig[0] === 'a' ? 'b' : 'a') + url.sig.slice(1);
    expect(verifyMediaUrl(url.key, url.exp, flipped, secret, before)).toBe('bad-signature');
    expect(verifyMediaUrl(url.key, url.exp, url.sig, secret.replace('0', '1'), before)).toBe('bad-signature');
    // A tampered URL is a bad signature even once its expiry has passed: "expired" is only said of our own URLs.
    expect(verifyMediaUrl('projects/p1/photo-b/preview.webp', url.exp, url.sig, secret, new Date((exp + 10) * 1000))).toBe('bad-signature');
  });

  it('refuses malformed values without throwing', () => {
    const url = parts(signMediaUrl(key, expiresAt, secret));
    for (const [k, e, s] of [
      [url.key, '', url.sig],
      [url.key, '1795660000.5', url.sig],
      [url.key, '-1', url.sig],
      [url.key, ' 1795660000', url.sig],
      [url.key, url.exp, ''],
      [url.key, url.exp, url.sig.toUpperCase()],
      [url.key, url.exp, url.sig.slice(2)],
      [url.key, url.exp, url.sig + '00'],
      ['../' + url.key, url.exp, url.sig],
      ['', url.exp, url.sig],
    ]) {
      expect(verifyMediaUrl(k, e, s, secret, before)).toBe('bad-signature');
    }
  });

  it('will not sign with a short secret, nor sign a key that is not one', () => {
    expect(() => signMediaUrl(key, expiresAt, 'short')).toThrow('at least 32');
    expect(() => signMediaUrl('../etc/passwd', expiresAt, secret)).toThrow('Not a media key');
  });

  it('expires an original 5 to 6 minutes on, on a whole minute; a thumbnail or preview 20 to 30 minutes on, on 10 minutes', () => {
    const minute = 60_000;
    const at = Date.UTC(2026, 10, 26, 9, 20, 15);
    expect(mediaUrlExpiry(at, 'original').toISOString()).toBe('2026-11-26T09:26:00.000Z');
    expect(mediaUrlExpiry(at, 'view').toISOString()).toBe('2026-11-26T09:50:00.000Z');
    expect(mediaUrlExpiry(at + 5 * minute, 'view')).toEqual(mediaUrlExpiry(at, 'view'));
    expect(mediaUrlExpiry(Date.UTC(2026, 10, 26, 9, 0, 0), 'original').toISOString()).toBe('2026-11-26T09:05:00.000Z');
    for (const now of [at, at + 1, at + 59 * minute, Date.UTC(2026, 0, 1)]) {
      const original = mediaUrlExpiry(now, 'original').getTime() - now;
      expect(original).toBeGreaterThanOrEqual(5 * minute);
      expect(original).toBeLessThanOrEqual(6 * minute);
      const view = mediaUrlExpiry(now, 'view').getTime() - now;
      expect(view).toBeGreaterThanOrEqual(20 * minute);
      expect(view).toBeLessThanOrEqual(30 * minute);
    }
    expect(signMediaUrl(key, mediaUrlExpiry(at, 'view'), secret)).toBe(signMediaUrl(key, mediaUrlExpiry(at + 1000, 'view'), secret));
  });

  it('tells how long a link has left, never less than 0', () => {
    const now = new Date(Date.UTC(2026, 10, 26, 9, 20, 15));
    expect(secondsLeft(String(now.getTime() / 1000 + 300), now)).toBe(300);
    expect(secondsLeft(String(now.getTime() / 1000 - 5), now)).toBe(0);
  });
});
