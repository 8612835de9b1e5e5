import { newWebhookSecret, signatureHeader, verifySignature } from './webhook-signature';

describe('webhook signatures (CONTRACT §9)', () => {
  const secret = 'whsec_test_secret';
  const body = '{"id":"evt_1","type":"ping","createdAt":"2026-11-26T00:00:00.000Z","data":{}}';

  it('signs "<t>.<raw body>" with HMAC-SHA256, hex, as t=…,v1=…', () => {
    // computed apart from this code: printf '%s' "1795660000.$body" | openssl dgst -sha256 -hmac whsec_test_secret
    expect(signatureHeader(secret, body, 1795660000)).toBe(
      't=1795660000,v1=f6ff473272989d12e819b09c68587fa61690bfa6625e33e35f635c150370053f',
    );
    expect(signatureHeader(secret, body, 1795660000)).not.toBe(signatureHeader(secret, body, 1795660001));
    expect(signatureHeader(secret, body, 1795660000)).not.toBe(signatureHeader('whsec_other', body, 1795660000));
  });

  it('verifies a fresh signature; refuses another body, another secret, an old timestamp or a malformed header', () => {
    const header = signatureHeader(secret, body, 1795660000);
    expect(verifySignature(secret, body, header, 1795660010)).toBe(true);
    expect(verifySignature(secret, body + ' ', header, 1795660010)).toBe(false);
    expect(verifySignature('whsec_other', body, header, 1795660010)).toBe(false);
    expect(verifySignature(secret, body, header, 1795660000 + 301)).toBe(false);
    expect(verifySignature(secret, body, 'v1=abc', 1795660000)).toBe(false);
    expect(verifySignature(secret, body, 't=1795660000,v1=zz', 1795660000)).toBe(false);
  });

  it('makes whsec_ secrets of 32 random bytes', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
