import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import type { LogFormat } from '../logging/logger';

/**
 * The portal's configuration, read once from the environment at start-up (CONTRACT §1).
 * Every value is validated here, so a bad value stops the start with a sentence naming it.
 */
export class AppConfig {
  port!: number;
  databaseUrl!: string | undefined;
  dataDir!: string;
  adminEmail!: string | undefined;
  adminPassword!: string | undefined;
  adminUsername!: string;
  sessionSecret!: string;
  smtpUrl!: string | undefined;
  mailFrom!: string;
  appUrl!: string;
  bookingUrl!: string | undefined;
  authIpLimitPerMin!: number;
  logLevel!: string;
  /**
   * LOG_FORMAT: `pretty` (short coloured lines for a person at a terminal, via pino-pretty) or `json` (one
   * JSON object a line, for a log collector). Unset: pretty when standard output is a terminal, else json.
   */
  logFormat!: LogFormat;
  trustProxy!: string;
  /** Folder of the built React app; absent in API-only runs. */
  staticDir!: string;
  /** How often the outbox looks for due messages, in ms. */
  outboxPollMs!: number;
  /** Wait before the first retry of a failed send, in ms; each later retry waits twice as long (at most 10 min). */
  outboxRetryMs!: number;
  stripeSecretKey!: string | undefined;
  stripePublishableKey!: string | undefined;
  stripeWebhookSecret!: string | undefined;
  /** Where the Stripe SDK sends its calls; unset means Stripe's own API. Tests point it at a local server. */
  stripeApiUrl!: string | undefined;
  /** CONTRACT §9: webhooks may go to http and to loopback or private addresses (development, tests). */
  webhookAllowPrivateUrls!: boolean;
  /** CONTRACT §9: wait before the first retry of a failed webhook delivery, in ms; each later one waits twice as long. */
  webhookRetryMs!: number;
  /** CONTRACT §10: where photos are kept: a folder (MEDIA_DIR, default $DATA_DIR/media) or S3-compatible storage (S3_BUCKET set). */
  mediaDir!: string;
  s3!: { bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string } | null;
  /** The largest photo file taken, in bytes (PHOTO_MAX_MB). */
  photoMaxBytes!: number;
  /** Photos processed at once by this instance (PHOTO_WORKER_LANES; decision 0029: 2 in a worker process of its own, 1 inline). */
  photoWorkerLanes!: number;
  /**
   * PHOTO_WORKER: `process` (default): `npm start` makes the photos in a process of its own at a lower
   * scheduling priority, so the web's requests come first; `inline`: in the web process (decision 0029).
   */
  photoWorker!: 'process' | 'inline';
  /**
   * What this process runs (PORTAL_PROCESS_ROLE, set by main.ts for the processes it starts): `all` (the
   * default, and every in-process test), `web` (everything but the photo worker), `photo-worker` (that only).
   */
  processRole!: 'all' | 'web' | 'photo-worker';
  /**
   * JOBS: `on` (default) runs the scheduled jobs (the payment reminders) on the PostgreSQL job queue every
   * instance shares (decision 0047); `off` starts no job queue in this instance (tests that do not need it).
   */
  jobs!: boolean;

  /** CONTRACT §3: the payment emulator unless STRIPE_SECRET_KEY is set. */
  get paymentMode(): 'stripe' | 'emulator' {
    return this.stripeSecretKey ? 'stripe' : 'emulator';
  }
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlString = (protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => p + '//').join(' or ')}` },
  );

const intInRange = (name: string, min: number, max: number, fallback: number) =>
  optionalString
    .transform((v) => (v === undefined ? String(fallback) : v))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, {
      message: `must be a whole number from ${min} to ${max}`,
    })
    .transform(Number)
    .describe(name);

const envSchema = z.object({
  PORT: intInRange('PORT', 1, 65535, 3000),
  DATABASE_URL: urlString(['postgres:', 'postgresql:']),
  DATA_DIR: optionalString,
  ADMIN_EMAIL: optionalString.refine((v) => v === undefined || z.string().email().safeParse(v).success, {
    message: 'must be an e-mail address',
  }),
  ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || (v.length >= 6 && v.length <= 128), {
    message: 'must be 6 to 128 characters',
  }),
  ADMIN_USERNAME: optionalString.refine((v) => v === undefined || (v.length >= 3 && v.length <= 50), {
    message: 'must be 3 to 50 characters',
  }),
  SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  SMTP_URL: urlString(['smtp:', 'smtps:']),
  MAIL_FROM: optionalString,
  APP_URL: urlString(['http:', 'https:']),
  BOOKING_URL: urlString(['http:', 'https:']),
  AUTH_IP_LIMIT_PER_MIN: intInRange('AUTH_IP_LIMIT_PER_MIN', 1, 1_000_000, 60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
  // empty is unset (a compose file's `LOG_FORMAT: ${LOG_FORMAT:-}`): the terminal decides
  LOG_FORMAT: optionalString
    .refine((v) => v === undefined || v === 'pretty' || v === 'json', { message: 'must be pretty or json' })
    .transform((v) => v as LogFormat | undefined),
  TRUST_PROXY: optionalString,
  STATIC_DIR: optionalString,
  OUTBOX_POLL_MS: intInRange('OUTBOX_POLL_MS', 50, 3_600_000, 2000),
  OUTBOX_RETRY_MS: intInRange('OUTBOX_RETRY_MS', 50, 600_000, 5000),
  STRIPE_SECRET_KEY: optionalString.refine((v) => v === undefined || /^(sk|rk)_(test|live)_\w+$/.test(v), {
    message: 'must be a Stripe secret key (sk_test_… or sk_live_…)',
  }),
  STRIPE_PUBLISHABLE_KEY: optionalString.refine((v) => v === undefined || /^pk_(test|live)_\w+$/.test(v), {
    message: 'must be a Stripe publishable key (pk_test_… or pk_live_…)',
  }),
  STRIPE_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || /^whsec_\w+$/.test(v), {
    message: 'must be a Stripe webhook signing secret (whsec_…)',
  }),
  STRIPE_API_URL: urlString(['http:', 'https:']),
  PAYMENT_EMULATOR: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  WEBHOOK_ALLOW_PRIVATE_URLS: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  WEBHOOK_RETRY_MS: intInRange('WEBHOOK_RETRY_MS', 50, 3_600_000, 30_000),
  MEDIA_DIR: optionalString,
  PHOTO_MAX_MB: intInRange('PHOTO_MAX_MB', 1, 2048, 50),
  // unset: 2 in a worker process of its own (below the web's priority), 1 inline
  PHOTO_WORKER_LANES: optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 16), {
      message: 'must be a whole number from 1 to 16',
    })
    .transform((v) => (v === undefined ? undefined : Number(v))),
  PHOTO_WORKER: z.enum(['process', 'inline'], { message: 'must be process or inline' }).optional().default('process'),
  JOBS: z.enum(['on', 'off'], { message: 'must be on or off' }).optional().default('on'),
  PORTAL_PROCESS_ROLE: z.enum(['all', 'web', 'photo-worker'], { message: 'must be all, web or photo-worker' }).optional().default('all'),
  // No longer used: the studio's name is a setting (Studio Settings, CONTRACT §13); still accepted so that
  // an existing .env starts (decision 0042).
  STUDIO_NAME: optionalString.refine((v) => v === undefined || v.length <= 100, { message: 'must be at most 100 characters' }),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: urlString(['http:', 'https:']),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  NODE_ENV: optionalString,
});

/**
 * Reads and validates the environment; throws ConfigError with one line per bad variable. A line names
 * the variable and what it must be, never its value: the value may be a secret (a password, a key, a
 * database URL with its password) and the message ends up in logs (CONTRACT §8). `stdout`: where the log
 * goes, asked whether it is a terminal for LOG_FORMAT's default.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, stdout: { isTTY?: boolean } = process.stdout): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const dataDir = resolve(e.DATA_DIR ?? './.data');
  const config = new AppConfig();
  config.port = e.PORT;
  config.databaseUrl = e.DATABASE_URL;
  config.dataDir = dataDir;
  config.adminEmail = e.ADMIN_EMAIL?.toLowerCase();
  config.adminPassword = e.ADMIN_PASSWORD;
  config.adminUsername = e.ADMIN_USERNAME ?? 'admin';
  config.sessionSecret = e.SESSION_SECRET ?? readOrCreateSecret(dataDir);
  config.smtpUrl = e.SMTP_URL;
  config.mailFrom = e.MAIL_FROM ?? 'Studio <no-reply@localhost>';
  config.appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  config.bookingUrl = e.BOOKING_URL;
  config.authIpLimitPerMin = e.AUTH_IP_LIMIT_PER_MIN;
  config.logLevel = e.LOG_LEVEL;
  config.logFormat = e.LOG_FORMAT ?? (stdout.isTTY ? 'pretty' : 'json');
  config.trustProxy = e.TRUST_PROXY ?? 'loopback';
  const staticDir = e.STATIC_DIR ?? join(__dirname, '..', '..', '..', '..', 'frontend', 'dist');
  config.staticDir = isAbsolute(staticDir) ? staticDir : resolve(staticDir);
  config.outboxPollMs = e.OUTBOX_POLL_MS;
  config.outboxRetryMs = e.OUTBOX_RETRY_MS;
  config.stripeSecretKey = e.STRIPE_SECRET_KEY;
  config.stripePublishableKey = e.STRIPE_PUBLISHABLE_KEY;
  config.stripeWebhookSecret = e.STRIPE_WEBHOOK_SECRET;
  config.stripeApiUrl = e.STRIPE_API_URL;
  config.webhookAllowPrivateUrls = e.WEBHOOK_ALLOW_PRIVATE_URLS === 'true';
  config.webhookRetryMs = e.WEBHOOK_RETRY_MS;
  config.mediaDir = resolve(e.MEDIA_DIR ?? join(dataDir, 'media'));
  config.s3 = e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION ?? 'us-east-1',
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      }
    : null;
  config.photoMaxBytes = e.PHOTO_MAX_MB * 1024 * 1024;
  config.photoWorker = e.PHOTO_WORKER;
  config.processRole = e.PORTAL_PROCESS_ROLE;
  config.jobs = e.JOBS === 'on';
  config.photoWorkerLanes = e.PHOTO_WORKER_LANES ?? (config.processRole === 'photo-worker' ? 2 : 1);
  // CONTRACT §8: the emulator takes test payments for free; a production start must ask for it
  if (e.NODE_ENV === 'production' && !config.stripeSecretKey && e.PAYMENT_EMULATOR !== 'true') {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY: not set. With NODE_ENV=production the portal takes real card payments: set ' +
        'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or PAYMENT_EMULATOR=true to run the payment emulator (test payments, nothing charged)',
    );
  }
  if (config.stripeSecretKey && !config.stripePublishableKey) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY must be set with STRIPE_SECRET_KEY (the browser needs it)');
  }
  return config;
}

/** SESSION_SECRET default: generated once and kept in $DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 16) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
