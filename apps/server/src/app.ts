/** Builds the Fastify app. Tests call buildApp and use app.inject; main.ts listens. */
import { endpointOfRoute } from './http/endpoint-route';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_DOCS_PATH, API_PREFIX } from '@stg/domain/api/endpoint';
import { MESSAGES } from '@stg/domain/validation';
import { plainZodMessage } from '@stg/domain/zod-messages';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { Mailer } from './adapters/mail/mailer';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import { SandboxPayments } from './adapters/payments/sandbox-provider';
import { OutboxMailer } from './adapters/mail/outbox-mailer';
import { SecretBox } from './adapters/calendars/secret-box';
import type { Storage } from './adapters/storage/storage';
import { uploadsFromStorage } from './adapters/storage/uploads-routes';
import type { Database } from './db/client';
import type { AppDeps, CalendarSyncConfig, RouteEntry } from './deps';
import { BackgroundTasks } from './http/background';
import { auditAnswers, registerErrorAnswers, type UndocumentedAnswer } from './http/error-answers';
import { registerErrorHandling } from './http/errors';
import { registerRequestIds, requestIdOf } from './http/request-id';
import { contextualLogger } from './log-context';
import { registerMetrics } from './modules/metrics/routes';
import { openApiTransform } from './http/openapi';
import { frameworkErrors, registerInputGuard } from './http/input-guard';
import { registerRateLimits } from './modules/rate-limits/hook';
import { registerSecurityHeaders, storageOrigin } from './http/security-headers';
import { sessionPlugin } from './modules/auth/session-plugin';
import { registerWebPages } from './web-pages';
import { availabilityRoutes } from './modules/bookings/availability-routes';
import { bookingRoutes } from './modules/bookings/routes';
import { calendarSyncRoutes } from './modules/calendar-sync/routes';
import { contactRoutes } from './modules/contact/routes';
import { CABLE_PROTOCOL, cableRoutes } from './modules/orders/cable';
import { OrderConfirmations } from './modules/order-confirmations/notifier';
import { orderRoutes } from './modules/orders/routes';
import { paymentRoutes } from './modules/payments/routes';
import { planVisitRoutes } from './modules/plans/visit-routes';
import { payoutRoutes } from './modules/payouts/routes';
import { operatorConsoleRoutes } from './modules/operator-console/routes';
import { earningsRoutes } from './modules/payouts/earnings-routes';
import { deliverSandboxEventAtOnce } from './modules/payments/service';
import { busyTimesCheckFor } from './modules/scheduling/busy-times';
import { DEFAULT_HOLD_MINUTES } from '@stg/domain/checkout';
import { devOutboxRoutes } from './modules/dev/outbox-routes';
import { healthRoutes } from './modules/health/routes';
import { passwordRoutes } from './modules/password/routes';
import { planOfferRoutes } from './modules/plan-offers/routes';
import { planRoutes } from './modules/plans/routes';
import { pricingRoutes } from './modules/pricing/routes';
import { schedulingRoutes } from './modules/scheduling/routes';
import { sessionRoutes } from './modules/session/routes';
import { addressRoutes } from './modules/users/address-routes';
import { userRoutes } from './modules/users/routes';
import type { SettableClock } from './clock';
import { devClockRoutes } from './modules/dev/clock-routes';
import { listingReviewRoutes } from './modules/listing-review/routes';
import { reviewRoutes } from './modules/reviews/routes';
import type { PlacesReviewsSource } from './adapters/reviews/google-places';
import { devJobsRoutes } from './modules/dev/jobs-routes';
import type { KindTally } from './modules/jobs/worker';
import { UPLOAD_LIMITS } from './modules/vendors/images';
import { vendorPricingRoutes } from './modules/vendors/pricing-routes';
import { vendorRoutes } from './modules/vendors/routes';

export interface BuildAppOptions {
  database: Database;
  storage: Storage;
  now?: () => Date;
  /**
   * A settable clock (clock.ts): `now` reads it and PUT /api/dev/clock moves it. main.ts passes one only
   * with SETTABLE_CLOCK (development by default, the e2e server on request), never in production.
   */
  settableClock?: SettableClock;
  /** Outgoing mail; the outbox (stored in mail_outbox) when not given. */
  mailer?: Mailer;
  publicUrl?: string;
  supportEmail?: string;
  logger?: FastifyServerOptions['logger'];
  sessionTtlDays?: number;
  secureCookies?: boolean;
  trustProxy?: boolean;
  /** Folder of the built web app; when it exists the app serves it with an SPA fallback. */
  webDistDir?: string;
  /** Folder served under /uploads/ (the local storage's root); without it /uploads/ reads through `storage`. */
  uploadsDir?: string;
  /** Calendar reading; without it, a key made for this process only and public feed addresses only. */
  calendarSync?: CalendarSyncConfig;
  /** The card payment provider; the sandbox (on this database) when not given. */
  payments?: PaymentProvider;
  /** Google reviews' source (the Places API); without it Google reviews are off. */
  googlePlaces?: PlacesReviewsSource | null;
  /** Checkout hold in minutes (default 10). */
  holdMinutes?: number;
  /**
   * The sandbox's events: delivered at once in process (default), with the jobs table retrying after
   * `delayMs`; or only by the jobs table after `delayMs`, as a provider's webhook arrives later.
   */
  sandboxEvents?: { delivery: 'immediate' | 'delayed'; delayMs: number };
  /** Multiplies every request rate limit (default 1; tests relax them, RATE_LIMIT_SCALE in config). */
  rateLimitScale?: number;
  /**
   * Development tools: the API document's UI (/api/docs) and the outbox viewer (/api/dev/outbox).
   * main.ts turns them on only in development and tests (NODE_ENV), never in production; default on.
   */
  devTools?: boolean;
  /**
   * Runs the due jobs now (main's job worker, `JobWorker.drain`): with the development tools, served as
   * POST /api/dev/jobs/run-due for a tester watching time pass (issue 25 §4).
   */
  runDueJobs?: () => Promise<{ passes: number; kinds: Record<string, KindTally> }>;
  /**
   * Tests: every answer whose status its route does not document is pushed here (ADR 0028); the fuzz and
   * authorization suites fail on any.
   */
  undocumentedAnswers?: UndocumentedAnswer[];
  /**
   * METRICS_TOKEN: GET /metrics answers a request with `Authorization: Bearer <token>` from anywhere;
   * without it, only requests from this machine (ADR 0039).
   */
  metricsToken?: string;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 1_048_576,
    // Each request's id: a well-formed X-Request-Id from the proxy, else a new one (http/request-id.ts).
    genReqId: requestIdOf,
    // The router's own refusals (a malformed address, an over-long path param) in the API's error shape.
    frameworkErrors,
  });
  // A limit a schema gave no message of its own reads in plain words (issue 23): "Subject must be at
  // most 200 characters.", never zod's "Too big: expected string to have <=200 characters".
  z.config({ customError: plainZodMessage });
  // First of all hooks: the answer's X-Request-Id, and the request's logger for every line of its work.
  registerRequestIds(app);
  // The services' logger writes through the request's (or job's) logger: their lines carry its id.
  const log = contextualLogger(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const now = opts.now ?? opts.settableClock?.now ?? (() => new Date());
  const mailer = opts.mailer ?? new OutboxMailer(opts.database.db, { now, log });
  const background = new BackgroundTasks(log);
  const publicUrl = (opts.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const payments =
    opts.payments ??
    new SandboxPayments(opts.database.db, { now, publicUrl, eventRetryMs: opts.sandboxEvents?.delayMs });
  const orderConfirmations = new OrderConfirmations(opts.database, log);
  await orderConfirmations.start();
  const deps: AppDeps = {
    database: opts.database,
    db: opts.database.db,
    storage: opts.storage,
    now,
    mailer,
    background,
    publicUrl,
    supportEmail: opts.supportEmail ?? 'support@example.com',
    calendarSync: opts.calendarSync ?? { secretBox: new SecretBox(randomBytes(32)), ics: {} },
    log,
    payments,
    sandbox: payments instanceof SandboxPayments ? payments : null,
    holdMinutes: opts.holdMinutes ?? DEFAULT_HOLD_MINUTES,
    busyTimesCheck: async () => null,
    orderConfirmations,
    googlePlaces: opts.googlePlaces ?? null,
    rateLimitScale: opts.rateLimitScale ?? 1,
  };
  deps.busyTimesCheck = busyTimesCheckFor(deps);
  // The sandbox's events reach the same handler as Stripe's webhooks, at once (a job retries them).
  if (deps.sandbox && opts.sandboxEvents?.delivery !== 'delayed')
    deps.sandbox.onEvents = (ids) => {
      for (const id of ids) background.run('sandbox event', () => deliverSandboxEventAtOnce(deps, id));
    };
  app.decorate('deps', deps);
  // Each route's error answers join its schema first, so the route table and the document see them.
  registerErrorAnswers(app);
  if (opts.undocumentedAnswers) auditAnswers(app, opts.undocumentedAnswers);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          schema: route.schema,
          endpoint: endpointOfRoute(route.config),
        });
  });
  registerErrorHandling(app);
  // Every answer counted by route, and GET /metrics (ADR 0039).
  registerMetrics(app, { database: opts.database, now, token: opts.metricsToken });
  registerInputGuard(app);
  registerRateLimits(app);
  registerSecurityHeaders(app, { publicUrl, imageOrigins: storageOrigin(opts.storage.url('probe')) });
  const devTools = opts.devTools ?? true;

  await app.register(swagger, {
    openapi: {
      info: { title: 'St George services marketplace API', version: '1.0.0' },
      components: {
        securitySchemes: { csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' } },
      },
    },
    transform: openApiTransform,
  });
  // The API document itself is always built (tests read it); its browsable UI only with the dev tools.
  if (devTools) await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });

  await app.register(cookie);
  const sessionOptions = {
    db: opts.database.db,
    database: opts.database,
    ttlDays: opts.sessionTtlDays ?? 30,
    secureCookies: opts.secureCookies ?? false,
    now,
  };
  app.decorate('sessionOptions', sessionOptions);
  await app.register(sessionPlugin, sessionOptions);

  await app.register(websocket, {
    options: {
      maxPayload: 16 * 1024,
      // The Action Cable client offers its protocol and a fallback; only its JSON protocol is spoken here.
      handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
    },
  });
  await app.register(healthRoutes);
  await app.register(sessionRoutes);
  await app.register(userRoutes);
  // Image uploads (multipart PATCH /api/vendors/{id}); files are read one at a time, never to disk.
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  await app.register(vendorRoutes);
  await app.register(listingReviewRoutes);
  await app.register(reviewRoutes, { googlePlaces: deps.googlePlaces });
  await app.register(vendorPricingRoutes);
  await app.register(pricingRoutes);
  await app.register(planOfferRoutes);
  await app.register(planRoutes, { deps });
  await app.register(bookingRoutes);
  await app.register(availabilityRoutes);
  await app.register(schedulingRoutes);
  await app.register(calendarSyncRoutes);
  await app.register(addressRoutes);
  await app.register(passwordRoutes);
  await app.register(contactRoutes);
  await app.register(paymentRoutes, { deps });
  await app.register(planVisitRoutes, { deps });
  await app.register(orderRoutes, { deps });
  await app.register(payoutRoutes, { deps });
  await app.register(operatorConsoleRoutes, { deps });
  await app.register(earningsRoutes, { deps });
  await app.register(cableRoutes, { deps, confirmations: orderConfirmations });
  // The outbox viewer exists only in development and tests, with the embedded mailer, and when addresses
  // are not taken from proxy headers; it then also checks that each request comes from this machine.
  if (devTools && mailer instanceof OutboxMailer && !(opts.trustProxy ?? false))
    await app.register(devOutboxRoutes);
  if (opts.settableClock) await app.register(devClockRoutes, { clock: opts.settableClock });
  if (devTools && opts.runDueJobs) await app.register(devJobsRoutes, { runDueJobs: opts.runDueJobs });

  // Uploads: a local folder as static files; any other store (S3 without a public URL) read through it.
  if (opts.uploadsDir) {
    await app.register(fastifyStatic, {
      root: path.resolve(opts.uploadsDir),
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '7d',
      immutable: true,
      setHeaders(res) {
        res.header('X-Content-Type-Options', 'nosniff');
        res.header('Content-Security-Policy', "default-src 'none'; sandbox");
      },
    });
  } else {
    await app.register(uploadsFromStorage, { storage: opts.storage });
  }
  const webDist =
    opts.webDistDir && fs.existsSync(path.join(opts.webDistDir, 'index.html')) ? opts.webDistDir : null;
  // The built web app and its pages with their first data (ADR 0023, ADR 0025).
  const webPages = webDist ? await registerWebPages(app, webDist) : null;
  app.setNotFoundHandler((req, reply) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith(API_PREFIX) &&
      !req.url.startsWith('/uploads/') &&
      // A missing hashed file (a chunk of an older build) is a 404, not the page sent as HTML where a
      // script or style sheet was asked for.
      !req.url.startsWith('/assets/');
    if (isPage && webPages) return webPages.sendPage(req, reply);
    return reply.status(404).send({ errors: [MESSAGES.notFound] });
  });

  app.addHook('onClose', async () => {
    await background.drain();
    await orderConfirmations.close();
    await opts.database.close();
  });
  return app;
}
