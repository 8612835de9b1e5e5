import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyCookie, { Signer } from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySession from '@fastify/session';
import fastifyStatic from '@fastify/static';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { SESSION_COOKIE, sessionAccount, PgSessionStore } from './modules/auth';
import { MAX_FIELDS_PER_UPLOAD, MAX_FILES_PER_UPLOAD } from './modules/galleries';
import { FirstRun } from './modules/setup';
import { renderStudioPage, Studio, StudioSettings, type PublicStudio } from './modules/studio';
import { AppConfig } from './shared/config/app-config';
import { poolOf } from './shared/database/prepared';
import { HttpErrorFilter } from './shared/errors/http-error.filter';
import { answerClientError } from './shared/http/client-errors';
import { newRequestId } from './shared/http/request-id';
import { MAX_BODY_BYTES } from './shared/http/request-guards';
import { createValidationPipe } from './shared/http/validation';
import { createLogger, NestPinoLogger, requestLogger } from './shared/logging/logger';
import { SESSION_COOKIE_OPTIONS } from './shared/session/request-session';
import { buildOpenApiDocument } from './shared/openapi/openapi-description';

/**
 * The Nest application on Fastify, as `npm start` runs it and as every API test, the OpenAPI writer and
 * the scale check build it: one request path for every request (Fastify, then Nest's guards, pipes,
 * handler and filters). Call `init()` (or `listen()`) on the answer.
 */
export async function createApp(
  root: DynamicModule,
  config: AppConfig,
  options: { quiet?: boolean; logFile?: string } = {},
): Promise<NestFastifyApplication> {
  const logger = createLogger(options.quiet ? 'silent' : config.logLevel, options.logFile, config.logFormat);
  const adapter = new FastifyAdapter({
    trustProxy: parseTrustProxy(config.trustProxy),
    bodyLimit: MAX_BODY_BYTES,
    // Idle keep-alive connections close after Node's own 5 s, as before on Express (Fastify's default is 72 s).
    keepAliveTimeout: 5_000,
    genReqId: (req: IncomingMessage) => newRequestId(req),
    // Requests Node's parser refuses (a 16 kB address, a broken request line) answer in the API's error shape.
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: false },
  });
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    bodyParser: false,
    bufferLogs: !options.quiet,
    logger: options.quiet ? false : undefined,
  });
  if (!options.quiet) app.useLogger(new NestPinoLogger(logger));
  await configureApp(app, config, logger);
  return app;
}

/** Everything around the routes: request ids and logging, headers, body parsing, sessions, validation, errors, docs, the React app. */
async function configureApp(app: NestFastifyApplication, config: AppConfig, logger: Logger): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;

  // Every request's id is echoed, and one log line is written when its answer is sent: its address
  // with no query value (links carry tokens and signatures in their query, CONTRACT §12).
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  // On a terminal (LOG_FORMAT=pretty) that line is short and at debug, a 5xx's at error (decision 0044).
  const logRequest = requestLogger(logger);
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.url !== '/api/health')
      logRequest({ id: request.id, method: request.method, url: request.url, statusCode: reply.statusCode, elapsed: reply.elapsedTime });
    done();
  });

  // Stripe.js is loaded (and talks to Stripe) only when real Stripe is configured.
  const stripe = config.paymentMode === 'stripe';
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        // The booking page of BOOKING_URL is embedded at /booking (https anywhere, or its own origin).
        'frame-src': ["'self'", 'https:', ...(config.bookingUrl ? [new URL(config.bookingUrl).origin] : [])],
        // Upgrading http requests only makes sense when the portal itself is served over HTTPS.
        'upgrade-insecure-requests': config.appUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // Answers go gzipped to browsers that accept it (decision 0034): the React app's files from 1 kB, the
  // API's answers from API_GZIP_THRESHOLD (32 kB). A gallery's page of 100 photos with their signed URLs
  // is 44 kB as JSON, 10 kB gzipped. Compressing the back office's pages of 25 rows cost those calls a
  // fifth to two fifths of their throughput in the bench, for a few kB each. Images, ZIPs and other
  // packed types are never compressed (the plugin skips types that do not compress); request bodies are
  // read as before (the plugin's decompression of them is off). The route hook comes first: the plugin
  // reads what it sets.
  fastify.addHook('onRoute', (route) => {
    if (isApiPath(route.url) && route.config?.compress === undefined)
      route.config = { ...route.config, compress: { ...GZIP, threshold: API_GZIP_THRESHOLD } } as typeof route.config;
  });
  await app.register(fastifyCompress, { ...GZIP, threshold: 1024, globalDecompression: false });

  registerBodyParsers(fastify);
  // Photo uploads (CONTRACT §10): multipart bodies are streamed part by part, never buffered; a file over
  // PHOTO_MAX_MB ends its stream with an error the galleries answer as a 413.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: config.photoMaxBytes,
      files: MAX_FILES_PER_UPLOAD,
      fields: MAX_FIELDS_PER_UPLOAD,
      fieldSize: 1024,
      parts: MAX_FILES_PER_UPLOAD + MAX_FIELDS_PER_UPLOAD,
      headerPairs: 100,
    },
  });

  // Server-side sessions in PostgreSQL (decision 0002), read with their account in one statement.
  const store = new PgSessionStore(poolOf(app.get(DataSource)));
  fastify.addHook('onClose', (_instance, done) => {
    store.close();
    done();
  });
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    cookieName: SESSION_COOKIE,
    // The cookie is signed as before ('s:' + id + '.' + HMAC-SHA256), so sessions outlive the upgrade.
    cookiePrefix: 's:',
    secret: new Signer(config.sessionSecret, 'sha256'),
    store,
    saveUninitialized: false,
    rolling: false,
    cookie: { ...SESSION_COOKIE_OPTIONS },
  });
  fastify.decorateRequest('user', null);
  fastify.addHook('onRequest', sessionAccount);

  // Answers about a signed-in user's things are never kept by browsers or proxies (CONTRACT §8).
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url) && !request.url.startsWith('/api/docs') && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter());

  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, () => document, {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'Studio Portal API',
  });

  await serveFrontend(app, config.staticDir, config.bookingUrl ?? null, logger);
}

/**
 * JSON (its raw bytes kept for webhook signatures) and form bodies, up to 1 MB (413 beyond, 400 for
 * broken JSON, both in the API's error shape). An empty JSON body is no body, as browsers send one with
 * DELETE; a body of another type is not read (the handler's validation then says what is missing).
 */
function registerBodyParsers(fastify: FastifyInstance): void {
  const json = fastify.getDefaultJsonParser('error', 'error');
  const options = { parseAs: 'buffer' as const, bodyLimit: MAX_BODY_BYTES };
  fastify.addContentTypeParser('application/json', options, (req, body: Buffer, done) => {
    (req as FastifyRequest & { rawBody?: Buffer }).rawBody = body;
    if (body.length === 0) return done(null, undefined);
    json(req, body.toString('utf8'), (err, value) =>
      err ? done(Object.assign(new SyntaxError('The request body is not valid JSON.'), { statusCode: 400 })) : done(null, value),
    );
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', options, (_req, body: Buffer, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  });
  fastify.addContentTypeParser('*', options, (_req, _body, done) => done(null, undefined));
}

/** The OpenAPI document, as /api/docs-json serves it and openapi.yaml holds it. */
export { buildOpenApiDocument };

/** Public pages the frontend build prerenders into <page>.html (frontend/scripts/prerender.mjs). */
const PRERENDERED_PAGES = ['/auth', '/forgot-password', '/reset-password'];

/**
 * The signed-in pages' HTML: index.html with the chunks the page needs preloaded (decision 0034), written
 * by frontend/scripts/prerender.mjs. Sent whatever the query: they hold no markup, only what to fetch.
 */
const SIGNED_IN_PAGES: Record<string, string> = {
  '/projects': 'projects.html',
  '/projects/{id}': 'gallery.html',
  '/booking': 'booking.html',
  '/credits': 'credits.html',
  '/payments': 'payments.html',
  '/invoices': 'invoices.html',
  '/invoices/{id}': 'invoices.html',
  '/account': 'account.html',
};
const GALLERY_PATH = /^\/projects\/\d+$/;
const INVOICE_PATH = /^\/invoices\/\d+$/;

/**
 * The built React app at every path outside /api, gzipped for browsers that accept it, with the history
 * fallback to index.html. API paths never look for a file on disk: an unknown one is Nest's 404.
 * /auth, /forgot-password and /reset-password get their prerendered HTML, which paints before any
 * script runs, when the address has no query; with one (?tab=register&email=…, the page renders
 * differently) they get index.html and render in the browser.
 */
async function serveFrontend(
  app: NestFastifyApplication,
  staticDir: string,
  defaultBookingUrl: string | null,
  logger: Logger,
): Promise<void> {
  if (!existsSync(join(staticDir, 'index.html'))) return;
  const sendPage = await studioPages(app, staticDir, defaultBookingUrl, logger);
  const prerendered = new Map(
    PRERENDERED_PAGES.map((path): [string, string] => [path, `${path.slice(1)}.html`]).filter(([, file]) =>
      existsSync(join(staticDir, file)),
    ),
  );
  const firstRun = app.get(FirstRun);
  const signedInFiles = new Set(Object.values(SIGNED_IN_PAGES).filter((file) => existsSync(join(staticDir, file))));
  const signedInPageFile = (url: string): string | undefined => {
    const path = url.split('?')[0];
    const file = SIGNED_IN_PAGES[GALLERY_PATH.test(path) ? '/projects/{id}' : INVOICE_PATH.test(path) ? '/invoices/{id}' : path];
    return file && signedInFiles.has(file) ? file : undefined;
  };
  await app.register(async (web: FastifyInstance) => {
    await web.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      index: false,
      // dist/.vite holds the build's manifests (for the bundle budget test): never published
      dotfiles: 'ignore',
      wildcard: false,
      // the pages are sent with the studio in them (studioPages), never as the build wrote them
      allowedPath: (path) => !path.endsWith('.html'),
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      // An API path, or a built file that is not there (an old page asking for a chunk of an earlier
      // build), is a 404, never the page.
      if (isApiPath(request.url) || request.url.startsWith('/assets/')) return reply.callNotFound();
      // First run (CONTRACT §13): while the studio has no admin every page leads to /setup; afterwards /setup is a 404.
      const setupNeeded = await firstRun.isNeeded();
      const setupPage = request.url.split('?', 1)[0] === '/setup';
      if (setupNeeded && !setupPage) return reply.header('Cache-Control', 'no-store').redirect('/setup', 302);
      if (!setupNeeded && setupPage) return sendPage(request, reply.code(404), 'index.html');
      return sendPage(request, reply, prerendered.get(request.url) ?? signedInPageFile(request.url) ?? 'index.html');
    };
    web.get('/', page);
    web.get('/*', page);
  });
}

/** The studio as every page carries it: GET /api/studio's answer (CONTRACT §13). */
/**
 * The build's HTML pages with the studio in them (decision 0043): each file read once, at start, and
 * sent with the studio's name, logo, accent and public JSON put in (modules/studio/infrastructure/http/studio-page.ts), after
 * one primary-key read of the studio. A prerendered page's `<page>.logo.html` twin (the logo image in
 * place of the camera mark) goes to a studio with a logo. No-cache as before, with an ETag of the
 * answer (an unchanged page and studio answer 304); the compression plugin gzips it as it did the files.
 */
async function studioPages(
  app: NestFastifyApplication,
  staticDir: string,
  defaultBookingUrl: string | null,
  logger: Logger,
): Promise<(request: FastifyRequest, reply: FastifyReply, file: string) => Promise<FastifyReply>> {
  const files = new Map(
    readdirSync(staticDir)
      .filter((name) => name.endsWith('.html'))
      .map((name): [string, string] => [name, readFileSync(join(staticDir, name), 'utf8')]),
  );
  const settings = app.get(StudioSettings);
  const current = async (): Promise<PublicStudio> => {
    try {
      return (await settings.current()).publicView(defaultBookingUrl);
    } catch (err) {
      // the page still opens (with the default studio), as it did before the studio had settings
      logger.error({ err }, 'the studio settings could not be read: the page is sent with the default studio');
      return Studio.default().publicView(defaultBookingUrl);
    }
  };
  return async (request, reply, file) => {
    const studio = await current();
    const built = (studio.logoUrl !== null && files.get(file.replace(/\.html$/, '.logo.html'))) || files.get(file) || '';
    const html = renderStudioPage(built, studio);
    const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag).type('text/html; charset=utf-8');
    if (reply.statusCode === 200 && request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
    return reply.send(html);
  };
}

const GZIP = { encodings: ['gzip' as const] };
/** API answers smaller than this go uncompressed (see configureApp). */
const API_GZIP_THRESHOLD = 32 * 1024;

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
