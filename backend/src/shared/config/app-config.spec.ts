import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'cfg-'));

  it('works with nothing set, using the documented defaults', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: dir,
      adminUsername: 'admin',
      mailFrom: 'Studio <no-reply@localhost>',
      appUrl: 'http://localhost:3000',
      authIpLimitPerMin: 60,
      smtpUrl: undefined,
      bookingUrl: undefined,
      jobs: true,
    });
  });

  it('JOBS=off turns the job queue off in this instance; anything but on or off is refused (decision 0047)', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), JOBS: 'off' }).jobs).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), JOBS: 'on' }).jobs).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir(), JOBS: 'no' })).toThrow(/JOBS: must be on or off/);
  });

  it('generates the session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it.each([
    ['PORT', 'abc', /PORT: must be a whole number from 1 to 65535/],
    ['PORT', '70000', /PORT: must be a whole number/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\//],
    ['SMTP_URL', 'mail.example.com', /SMTP_URL/],
    ['ADMIN_EMAIL', 'not-an-email', /ADMIN_EMAIL/],
    ['AUTH_IP_LIMIT_PER_MIN', '0', /AUTH_IP_LIMIT_PER_MIN/],
    ['APP_URL', 'ftp://x', /APP_URL/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL/],
  ])('refuses %s=%s with a sentence naming it', (name, value, pattern) => {
    const env: Record<string, string> = { DATA_DIR: dataDir(), [name]: value };
    if (name === 'ADMIN_EMAIL') env.ADMIN_PASSWORD = 'secret123';
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });

  it.each([
    ['SESSION_SECRET', 'short-secret'],
    ['ADMIN_PASSWORD', 'abc'],
    ['DATABASE_URL', 'mysql://root:Sup3rS3cret@db/portal'],
    ['STRIPE_SECRET_KEY', 'sk_nope_Sup3rS3cret'],
    ['SMTP_URL', 'Sup3rS3cret'],
  ])('names a refused %s without printing its value', (name, value) => {
    const env: Record<string, string> = { DATA_DIR: dataDir(), [name]: value };
    if (name === 'ADMIN_PASSWORD') env.ADMIN_EMAIL = 'a@example.com';
    let message = '';
    try {
      loadConfig(env);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain(`${name}: `);
    expect(message).not.toContain(value);
    expect(message).not.toContain('S3cret');
  });

  describe('the payment emulator in production (CONTRACT §8)', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' };
    it('refuses to start with NODE_ENV=production and no Stripe keys, saying what to set', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(
        /STRIPE_SECRET_KEY: not set.*PAYMENT_EMULATOR=true to run the payment emulator/s,
      );
      expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', PAYMENT_EMULATOR: 'false' })).toThrow(ConfigError);
    });
    it('starts with the emulator when asked, or with Stripe', () => {
      expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', PAYMENT_EMULATOR: 'true' }).paymentMode).toBe('emulator');
      expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', ...stripe }).paymentMode).toBe('stripe');
    });
    it('keeps the emulator by default outside production, as plain npm start always did', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).paymentMode).toBe('emulator');
      expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).paymentMode).toBe('emulator');
    });
    it('refuses a PAYMENT_EMULATOR that is not true or false', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENT_EMULATOR: 'yes' })).toThrow(/PAYMENT_EMULATOR: must be true or false/);
    });
  });

  describe('LOG_FORMAT (issue 28: short lines on a terminal, JSON otherwise)', () => {
    const terminal = { isTTY: true };
    const pipe = { isTTY: false };
    it('is pretty when standard output is a terminal, json when it is not (a pipe, a file, a container)', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }, terminal).logFormat).toBe('pretty');
      expect(loadConfig({ DATA_DIR: dataDir() }, pipe).logFormat).toBe('json');
      // a stream that does not say (Node leaves isTTY undefined on pipes)
      expect(loadConfig({ DATA_DIR: dataDir() }, {}).logFormat).toBe('json');
    });
    it('takes LOG_FORMAT over the terminal test, either way', () => {
      expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'json' }, terminal).logFormat).toBe('json');
      expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'pretty' }, pipe).logFormat).toBe('pretty');
      // empty is unset, as for every variable
      expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: '' }, terminal).logFormat).toBe('pretty');
    });
    it.each(['text', 'JSON', 'pino-pretty'])('refuses LOG_FORMAT=%s with a sentence naming it and the choices', (value) => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: value }, terminal)).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: value }, terminal)).toThrow(
        /^Invalid configuration:\n {2}LOG_FORMAT: must be pretty or json$/,
      );
    });
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'a@example.com' })).toThrow(/must be set together/);
  });

  it('reads the documented variables', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '4100',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      ADMIN_EMAIL: 'Owner@Studio.test',
      ADMIN_PASSWORD: 'secret123',
      ADMIN_USERNAME: 'owner',
      SESSION_SECRET: 'x'.repeat(20),
      SMTP_URL: 'smtp://u:p@mail:587',
      MAIL_FROM: 'Lens <hi@lens.test>',
      APP_URL: 'https://portal.lens.test/',
      BOOKING_URL: 'https://book.lens.test/x',
      AUTH_IP_LIMIT_PER_MIN: '5',
    });
    expect(c).toMatchObject({
      port: 4100,
      adminEmail: 'owner@studio.test',
      adminUsername: 'owner',
      appUrl: 'https://portal.lens.test',
      authIpLimitPerMin: 5,
      sessionSecret: 'x'.repeat(20),
    });
  });
});
