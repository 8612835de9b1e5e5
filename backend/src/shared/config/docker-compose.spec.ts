import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * CONTRACT §8: docker-compose.yml ships no default secrets or passwords. Every secret is either asked
 * for (`${NAME:?message}`: compose refuses to start without it) or left empty for the app to generate
 * (SESSION_SECRET, kept in the data volume), and a literal password never appears.
 */
describe('docker-compose.yml', () => {
  const file = readFileSync(join(__dirname, '..', '..', '..', '..', 'docker-compose.yml'), 'utf8');
  const compose = parse(file) as { services: Record<string, { environment?: Record<string, string | number> }> };
  const env = Object.entries(compose.services).flatMap(([service, s]) =>
    Object.entries(s.environment ?? {}).map(([name, value]) => ({ service, name, value: String(value) })),
  );
  const SECRET = /PASSWORD|SECRET|_KEY$|DATABASE_URL/;

  it('has the secrets it needs', () => {
    expect(env.filter((e) => SECRET.test(e.name)).map((e) => e.name)).toEqual(
      expect.arrayContaining(['POSTGRES_PASSWORD', 'DATABASE_URL', 'ADMIN_PASSWORD', 'SESSION_SECRET', 'STRIPE_SECRET_KEY']),
    );
  });

  it.each(['POSTGRES_PASSWORD', 'ADMIN_PASSWORD', 'ADMIN_EMAIL'])('asks for %s instead of defaulting it', (name) => {
    for (const e of env.filter((x) => x.name === name)) expect(e.value).toMatch(new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`));
  });

  it('gives no secret a default value, and spells out no password', () => {
    for (const e of env.filter((x) => SECRET.test(x.name))) {
      // ${NAME:-default} with a non-empty default would ship a secret
      expect({ [e.name]: [...e.value.matchAll(/\$\{\w+:-([^}]*)\}/g)].map((m) => m[1]).filter(Boolean) }).toEqual({ [e.name]: [] });
    }
    // the database URL takes its password from the same variable postgres does
    const url = env.find((e) => e.name === 'DATABASE_URL')!.value;
    expect(url).toMatch(/^postgres:\/\/portal:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/portal$/);
  });
});

/** The host address a published port listens on ('' for all interfaces), from compose's short or long syntax. */
function publishedOn(port: string | number | { host_ip?: string; published?: string | number }): string {
  if (typeof port === 'object') return port.host_ip ?? '';
  const text = String(port);
  // [::1]:8025:8025 (IPv6), 127.0.0.1:8025:8025, 8025:8025 or 8025 (these two: every interface)
  const v6 = /^\[([^\]]+)\]:/.exec(text);
  if (v6) return v6[1];
  const parts = text.split(':');
  return parts.length === 3 ? parts[0] : '';
}

/** CONTRACT §12: the mail catcher (every e-mail the portal sends: verification links, reset codes) is not public. */
describe('docker-compose.yml: the mail catcher', () => {
  const file = readFileSync(join(__dirname, '..', '..', '..', '..', 'docker-compose.yml'), 'utf8');
  const compose = parse(file) as {
    services: Record<string, { image?: string; ports?: Array<string | number | { host_ip?: string }>; network_mode?: string }>;
  };
  const catchers = Object.entries(compose.services).filter(([, s]) => /mailpit|mailhog|maildev|mailcatcher/i.test(s.image ?? ''));
  const LOOPBACK = ['127.0.0.1', '::1', 'localhost'];

  it('is there (the check below would pass on nothing otherwise)', () => {
    expect(catchers.length).toBeGreaterThan(0);
  });

  it('publishes its ports (web UI, SMTP) on 127.0.0.1 only, never on every interface', () => {
    for (const [name, service] of catchers) {
      expect({ [name]: service.network_mode }).toEqual({ [name]: undefined });
      const open = (service.ports ?? []).filter((p) => !LOOPBACK.includes(publishedOn(p)));
      expect({ [name]: open }).toEqual({ [name]: [] });
    }
  });

  it.each([
    ['8025:8025', ''],
    ['8025', ''],
    [8025, ''],
    ['0.0.0.0:8025:8025', '0.0.0.0'],
    ['127.0.0.1:8025:8025', '127.0.0.1'],
    ['[::1]:1025:1025', '::1'],
    [{ target: 8025, published: 8025 } as { host_ip?: string }, ''],
    [{ host_ip: '127.0.0.1' }, '127.0.0.1'],
  ])('reads the address of %p as %p', (port, address) => {
    expect(publishedOn(port)).toBe(address);
  });
});
