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
