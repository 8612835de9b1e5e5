import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express, { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { Logger, PinoLogger } from 'nestjs-pino';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import passport from 'passport';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { SESSION_COOKIE } from './modules/auth';
import { createSessionStore, sessionAccount, sessionViewer } from './modules/auth/infrastructure/http/session-store';
import { PROJECT_KEPT_ROUTES } from './modules/projects';
import { UserRepository } from './modules/clients';
import { sessionLifetime, SESSION_TTL_MS } from './modules/auth/infrastructure/http/session';
import { AppConfig } from './shared/config/app-config';
import { HttpErrorFilter } from './shared/errors/http-error.filter';
import { bodyParsers } from './shared/http/body-parsers';
import { KeptAnswerLane } from './shared/http/kept-answer-lane';
import { ListCache } from './shared/http/list-cache';
import { requestId } from './shared/http/request-id';
import { sameOriginMutations } from './shared/http/same-origin';
import { createValidationPipe } from './shared/http/validation';

/**
 * Everything around the routes: security headers, body limits, sessions in PostgreSQL, validation,
 * the error shape, Swagger and the React app. Used by main.ts and by every API test, so tests run
 * exactly the stack users get.
 */
export function configureApp(app: INestApplication, config: AppConfig): INestApplication {
  const expressApp = (app as NestExpressApplication).getHttpAdapter().getInstance() as express.Express;
  expressApp.disable('x-powered-by');
  expressApp.set('trust proxy', parseTrustProxy(config.trustProxy));
  app.useLogger(app.get(Logger));
  // Every request gets its id first, so even an error answered before the routes carries it.
  app.use((req: Request, res: Response, next: NextFunction) => {
    requestId(req, res);
    next();
  });

  // Stripe.js is loaded (and talks to Stripe) only when real Stripe is configured.
  const stripe = config.paymentMode === 'stripe';
  const securityHeaders = helmet({
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
  app.use(securityHeaders);
  app.use('/api', sameOriginMutations(config.appUrl, ['/stripe/webhook']));
  for (const parser of bodyParsers()) app.use(parser);

  const dataSource = app.get(DataSource);
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const users = app.get(UserRepository);
  const store = createSessionStore(session, pool, {
    tableName: 'session',
    createTableIfMissing: false,
    ttl: SESSION_TTL_MS / 1000,
    pruneSessionInterval: 15 * 60,
    // The row's expiry moves when the session is saved (sign-in, then at most once a minute of use
    // by sessionLifetime); no extra UPDATE on every request.
    disableTouch: true,
    errorLog: (...args: unknown[]) => console.error('session store:', ...args),
  });
  app.use(
    '/api',
    session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store,
      resave: false,
      saveUninitialized: false,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/' },
    }),
    sessionLifetime(),
    passport.initialize(),
    sessionAccount((id) => users.findById(id)),
  );

  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter());

  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, () => document, {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'Studio Portal API',
  });

  serveFrontend(app, config.staticDir);

  // The kept answers of the two most read lists go out before Express (decision 0017).
  if (config.listCacheMb > 0) {
    new KeptAnswerLane({
      cache: app.get(ListCache),
      routes: PROJECT_KEPT_ROUTES,
      viewer: sessionViewer(store, SESSION_COOKIE, config.sessionSecret),
      parseQuery: expressApp.get('query parser fn') as (search: string) => Record<string, unknown>,
      headers: fixedHeaders(securityHeaders),
      // The request logger's line (its serializers shorten req and res as for every other request).
      log: (req, res, responseTime) => PinoLogger.root?.info({ req, res, responseTime }, 'request completed'),
    }).install(app.getHttpServer());
  }
  return app;
}

/** The headers `middleware` sets whatever the request (helmet's: fixed by its configuration). */
function fixedHeaders(middleware: (req: Request, res: Response, next: (err?: unknown) => void) => void): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
  };
  let done = false;
  middleware({ method: 'GET', url: '/', headers: {} } as Request, res as unknown as Response, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('the security headers middleware did not finish at once');
  return headers;
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const options = new DocumentBuilder()
    .setTitle('Studio Portal API')
    .setDescription(
      'The client portal and back office of a photography studio. Sessions are cookies set by /api/login and /api/register; ' +
        'errors are {statusCode, error, message, code?, errors?}.',
    )
    .setVersion('0.1.0')
    .addCookieAuth(SESSION_COOKIE)
    .build();
  return SwaggerModule.createDocument(app, options);
}

/** The built React app at every path outside /api, with the history fallback to index.html. */
function serveFrontend(app: INestApplication, staticDir: string): void {
  const index = join(staticDir, 'index.html');
  if (!existsSync(index)) return;
  const files = express.static(staticDir, {
    index: false,
    setHeaders: (res, path) => {
      res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The built app goes out gzipped to browsers that accept it; API calls never look for a file on disk.
  const gzip = compression();
  app.use((req: Request, res: Response, next: NextFunction) => (isApiPath(req.path) ? next() : gzip(req, res, () => files(req, res, next))));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
