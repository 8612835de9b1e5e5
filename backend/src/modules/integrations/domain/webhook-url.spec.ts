import { isPrivateAddress, webhookUrlFormProblem, webhookUrlProblem } from './webhook-url';

describe('webhook URLs (CONTRACT §9)', () => {
  const resolvesTo = (addresses: string[]) => async () => addresses;

  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true], // cloud metadata
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:93.184.216.34', false],
    ['93.184.216.34', false],
    ['2606:4700:4700::1111', false],
    ['not-an-ip', true],
  ])('%s private: %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });

  it('refuses other schemes and credentials whatever the setting; http only when private URLs are allowed', () => {
    for (const allow of [true, false]) {
      expect(webhookUrlFormProblem('ftp://example.com/hook', allow)).toBe('scheme');
      expect(webhookUrlFormProblem('javascript:alert(1)', allow)).toBe('scheme');
      expect(webhookUrlFormProblem('https://user:pw@example.com/hook', allow)).toBe('credentials');
      expect(webhookUrlFormProblem('https://user@example.com/hook', allow)).toBe('credentials');
      expect(webhookUrlFormProblem('not a url', allow)).toBe('not_a_url');
    }
    expect(webhookUrlFormProblem('http://example.com/hook', false)).toBe('http_not_allowed');
    expect(webhookUrlFormProblem('http://example.com/hook', true)).toBeNull();
  });

  it('checks every address a name resolves to, and literal addresses as they are', async () => {
    expect(await webhookUrlProblem('https://hooks.example.com/x', false, resolvesTo(['93.184.216.34']))).toBeNull();
    expect(await webhookUrlProblem('https://hooks.example.com/x', false, resolvesTo(['93.184.216.34', '10.0.0.5']))).toBe(
      'private_address',
    );
    expect(await webhookUrlProblem('https://127.0.0.1/x', false, resolvesTo([]))).toBe('private_address');
    expect(await webhookUrlProblem('https://[::1]/x', false, resolvesTo([]))).toBe('private_address');
    expect(await webhookUrlProblem('https://nowhere.invalid/x', false, async () => Promise.reject(new Error('ENOTFOUND')))).toBe(
      'unresolvable',
    );
    expect(await webhookUrlProblem('http://127.0.0.1:4000/x', true, resolvesTo([]))).toBeNull();
  });
});
