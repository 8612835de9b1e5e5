import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent (CONTRACT §9): `https` to a public address. `http`, loopback and private
 * addresses only with WEBHOOK_ALLOW_PRIVATE_URLS=true (development, tests). Whatever that setting, other
 * schemes and URLs carrying a user name or password are refused. The address a name resolves to is
 * checked, here and again at each delivery, so a name cannot be pointed at an inside address later.
 */
export type WebhookUrlProblem = 'not_a_url' | 'scheme' | 'credentials' | 'http_not_allowed' | 'private_address' | 'unresolvable';

export const WEBHOOK_URL_MESSAGES: Record<WebhookUrlProblem, string> = {
  not_a_url: 'URL must be a valid URL',
  scheme: 'URL must start with https:// (or http:// in development)',
  credentials: 'URL must not contain a user name or password',
  http_not_allowed: 'URL must use https',
  private_address: 'URL must point to a public address, not a private or local one',
  unresolvable: 'URL host name could not be resolved',
};

/** Addresses no webhook may reach from a production server: loopback, private, link-local, carrier NAT, multicast, reserved. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/** Is `ip` (v4, v6, or v4 mapped into v6) an address a public webhook must not reach? */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(ip);
  if (family === 4) return PRIVATE.check(ip, 'ipv4');
  if (family === 6) return PRIVATE.check(ip, 'ipv6');
  return true; // not an address at all: never reach it
}

/** The URL's form alone (no lookup): scheme, credentials, http. */
export function webhookUrlFormProblem(raw: string, allowPrivate: boolean): WebhookUrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not_a_url';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  if (url.protocol === 'http:' && !allowPrivate) return 'http_not_allowed';
  return null;
}

/**
 * Every check of a webhook URL: its form, then each address its host resolves to (`lookup` answers
 * them; a literal address is checked as it is). Private addresses pass only with `allowPrivate`.
 */
export async function webhookUrlProblem(
  raw: string,
  allowPrivate: boolean,
  lookup: (host: string) => Promise<string[]>,
): Promise<WebhookUrlProblem | null> {
  const form = webhookUrlFormProblem(raw, allowPrivate);
  if (form) return form;
  if (allowPrivate) return null;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await lookup(host);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.some(isPrivateAddress) ? 'private_address' : null;
}
