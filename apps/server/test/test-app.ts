/** An app on a fresh test database, and a tiny cookie-keeping client over app.inject. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Mailer } from '../src/adapters/mail/mailer';
import type { PaymentProvider } from '../src/adapters/payments/payment-provider';
import { listOutboxMessages } from '../src/adapters/mail/outbox-repo';
import { MemoryStorage } from '../src/adapters/storage/local-storage';
import type { Storage } from '../src/adapters/storage/storage';
import { buildApp, type BuildAppOptions } from '../src/app';
import type { SettableClock } from '../src/clock';
import { SecretBox } from '../src/adapters/calendars/secret-box';
import { randomBytes } from 'node:crypto';
import type { CalendarSyncConfig } from '../src/deps';
import type { UndocumentedAnswer } from '../src/http/error-answers';
import { createTestDatabase } from './test-db';
import { jobWorkerOf } from '../src/job-worker';
import type { JobWorker } from '../src/modules/jobs/worker';

export async function createTestApp(
  opts: {
    now?: () => Date;
    /** A settable clock (PUT /api/dev/clock), as app-from-config.ts gives it under SETTABLE_CLOCK. */
    settableClock?: SettableClock;
    mailer?: Mailer;
    trustProxy?: boolean;
    /** Calendar adapters (Google, Jobber pointed at local fakes) or feed rules to use. */
    calendarSync?: Partial<CalendarSyncConfig>;
    /** The card payment provider (Stripe pointed at a local fake); the sandbox when not given. */
    payments?: PaymentProvider;
    /** Request rate limits multiplied by this (default 1000: tests make many requests from one address). */
    rateLimitScale?: number;
    /** main.ts's job worker, which POST /api/dev/jobs/run-due then runs (it does not poll). */
    jobWorker?: boolean;
    /** METRICS_TOKEN (GET /metrics from elsewhere than this machine). */
    metricsToken?: string;
    /** The upload storage (in memory when not given). */
    storage?: Storage;
    /** Fastify's logger options (none: no logs). */
    logger?: BuildAppOptions['logger'];
  } = {},
): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const undocumented: UndocumentedAnswer[] = [];
  let worker: JobWorker | null = null;
  const app = await buildApp({
    database,
    storage: opts.storage ?? new MemoryStorage(),
    metricsToken: opts.metricsToken,
    logger: opts.logger,
    now: opts.now,
    settableClock: opts.settableClock,
    mailer: opts.mailer,
    trustProxy: opts.trustProxy,
    payments: opts.payments,
    rateLimitScale: opts.rateLimitScale ?? 1000,
    publicUrl: 'http://localhost:3000',
    supportEmail: 'support@example.com',
    // Tests serve calendar feeds from this machine.
    calendarSync: {
      secretBox: new SecretBox(randomBytes(32)),
      ics: { allowPrivateAddresses: true, timeoutMs: 2_000 },
      ...opts.calendarSync,
    },
    undocumentedAnswers: undocumented,
    runDueJobs: opts.jobWorker ? () => worker!.drain() : undefined,
  });
  if (opts.jobWorker) worker = jobWorkerOf(app, { now: app.deps.now, googlePlaces: null });
  undocumentedByApp.set(app, undocumented);
  // Any test file's requests: a status its route does not document is named when the app closes (the
  // fuzz suite and the authorization matrix fail on one; ADR 0028).
  app.addHook('onClose', async () => {
    const found = undocumentedAnswers(app);
    if (found.length > 0)
      console.warn(`answers with a status their OpenAPI document does not list: ${found.join(', ')}`);
  });
  return app;
}

const undocumentedByApp = new WeakMap<FastifyInstance, UndocumentedAnswer[]>();

/**
 * The answers so far whose status their route's OpenAPI document does not list (ADR 0028), as
 * `METHOD url status`, each once.
 */
export function undocumentedAnswers(app: FastifyInstance): string[] {
  const found = undocumentedByApp.get(app) ?? [];
  return [...new Set(found.map((a) => `${a.method} ${a.url} ${a.status}`))].sort();
}

/** How many answers so far had a status their route does not document (repeats counted). */
export const undocumentedCount = (app: FastifyInstance) => undocumentedByApp.get(app)?.length ?? 0;

/** The outbox's mails, newest first, once the mail a request started in the background is stored. */
export async function outbox(app: FastifyInstance) {
  await app.deps.background.drain();
  return listOutboxMessages(app.deps.db, 100);
}

/** A browser-like client: keeps the session cookie and the latest CSRF token. */
export class TestClient {
  /** The session cookie (`stg_session=…`). */
  cookie: string | null = null;
  /** The trusted-device cookie (`stg_device=…`) a sign-in hands out, sent beside the session's. */
  device: string | null = null;
  csrf: string | null = null;
  constructor(private readonly app: FastifyInstance) {}

  async request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    const cookies = [this.cookie, this.device].filter(Boolean);
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    if (opts.csrf !== false && this.csrf && opts.method && opts.method !== 'GET')
      headers['x-csrf-token'] = this.csrf;
    const res = await this.app.inject({ ...opts, headers });
    const setCookie = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const pair = c.split(';')[0]!;
      if (pair.startsWith('stg_device=')) this.device = pair;
      else this.cookie = pair;
    }
    const token = res.headers['x-csrf-token'];
    if (typeof token === 'string') this.csrf = token;
    return res;
  }

  /** GET /api/session, which also hands out the CSRF token. */
  session() {
    return this.request({ method: 'GET', url: '/api/session' });
  }

  async signIn(email: string, password: string) {
    if (!this.csrf) await this.session();
    return this.request({ method: 'POST', url: '/api/session', payload: { user: { email, password } } });
  }
}

export const signUpPayload = (
  overrides: Record<string, unknown> = {},
  address: Record<string, unknown> = {},
) => ({
  user: {
    firstName: 'Casey',
    lastName: 'Rivera',
    email: 'casey@example.com',
    phoneNumber: '4355551234',
    password: 'Password123!',
    passwordConfirmation: 'Password123!',
    ...overrides,
    address: {
      streetAddress: '100 S Main St',
      street_address_2: 'Unit 4',
      city: 'St George',
      state: 'UT',
      zipCode: '84770',
      ...address,
    },
  },
});
