/** Configuration, read once from the environment and validated at start-up (see .env.example). */
import path from 'node:path';
import { z } from 'zod';
import { parseSecretKey } from './adapters/calendars/secret-box';
import { JOBBER_GRAPHQL_VERSION } from './adapters/calendars/jobber';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** A string setting that may be left empty (undefined then). */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** A string setting whose empty value means the default. */
const orDefault = (fallback: string, check: z.ZodType<string, string> = z.string()) =>
  z
    .string()
    .trim()
    .transform((v) => v || fallback)
    .pipe(check)
    .default(fallback);

/** DATABASE_POOL_MAX when it is not set (ADR 0042 "Ninth step"). */
export const DEFAULT_POOL_MAX = 10;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: optionalUrl.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    error: 'must be a postgres:// URL',
  }),
  /**
   * PostgreSQL connections per server process; each instance opens up to this many. Default 10 (ADR 0042
   * "Ninth step"): more connections than the database has cores to run them only queue inside PostgreSQL,
   * where every statement waits longer (50 checkouts at once: p99 190 ms at 20, 125-155 ms at 10).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_MAX),
  /**
   * PostgreSQL: each connection prepares the app's parameterised statements once (db/client.ts
   * StatementNames; issue 26). `false` behind a pooler in transaction mode, which cannot keep them.
   */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().optional(),
  SMTP_URL: optionalUrl.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    error: 'must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: orDefault('Servo <no-reply@localhost>'),
  SUPPORT_EMAIL: orDefault('support@example.com', z.email({ error: 'must be an email address' })),
  CALENDAR_TOKEN_KEY: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || parseSecretKey(v) !== null, {
      error: 'must be 32 bytes as 64 hex characters or base64',
    }),
  CALENDAR_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_OAUTH_AUTHORIZE_URL: orDefault('https://accounts.google.com/o/oauth2/v2/auth', httpUrl),
  GOOGLE_OAUTH_TOKEN_URL: orDefault('https://oauth2.googleapis.com/token', httpUrl),
  GOOGLE_API_BASE_URL: orDefault('https://www.googleapis.com', httpUrl),
  /** Google reviews (Places API (New)); without a key the feature is off. */
  GOOGLE_PLACES_API_KEY: optionalText.refine((v) => !v || /^[A-Za-z0-9_-]{20,200}$/.test(v), {
    error: 'must be a Google API key (letters, digits, - and _)',
  }),
  GOOGLE_PLACES_API_BASE: orDefault('https://places.googleapis.com', httpUrl),
  JOBBER_CLIENT_ID: optionalText,
  JOBBER_CLIENT_SECRET: optionalText,
  JOBBER_BASE_URL: orDefault('https://api.getjobber.com', httpUrl),
  JOBBER_GRAPHQL_VERSION: orDefault(
    JOBBER_GRAPHQL_VERSION,
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date like 2025-01-20' }),
  ),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalText.refine((v) => !v || /^(sk|rk)_(test|live)_/.test(v), {
    error: 'must be a Stripe secret key (sk_test_… or sk_live_…)',
  }),
  STRIPE_PUBLISHABLE_KEY: optionalText.refine((v) => !v || /^pk_(test|live)_/.test(v), {
    error: 'must be a Stripe publishable key (pk_test_… or pk_live_…)',
  }),
  STRIPE_WEBHOOK_SECRET: optionalText.refine(
    (v) =>
      !v ||
      v
        .split(',')
        .map((x) => x.trim())
        .every((x) => x.startsWith('whsec_')),
    { error: 'must be Stripe webhook signing secrets (whsec_…), comma-separated for several endpoints' },
  ),
  STRIPE_API_BASE: orDefault('https://api.stripe.com', httpUrl),
  CHECKOUT_HOLD_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  /**
   * How many due jobs one instance's worker runs at once (a day of plan visits' charges, issue 26).
   * Default (defaultJobConcurrency): on PostgreSQL half of DATABASE_POOL_MAX, at most 8 (a job holds at most
   * one of the pool's connections at a time, and its provider's event and mails one more each after it;
   * requests keep the other half), 1 on PGlite (one connection: jobs run one after another there, as
   * before). At most 32; keep it under the pool's size.
   */
  JOB_CONCURRENCY: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(1).max(32).optional(),
  ),
  /** Multiplies every request rate limit (sign-up, contact, uploads…); 1 in production. */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(10_000).default(1),
  /**
   * The server's clock may be moved by PUT /api/dev/clock (clock.ts), for a tester or a journey to watch
   * time pass (a payout 72 h after a job). Default: on in development, off otherwise; refused in production.
   */
  SETTABLE_CLOCK: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  SANDBOX_EVENT_DELIVERY: z.enum(['immediate', 'delayed']).default('immediate'),
  SANDBOX_EVENT_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  STORAGE_DRIVER: z
    .string()
    .trim()
    .transform((v) => v || 'local')
    .pipe(z.enum(['local', 's3'], { error: 'must be local or s3' }))
    .default('local'),
  S3_BUCKET: optionalText.refine((v) => !v || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
    error: 'must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)',
  }),
  S3_REGION: orDefault(
    'us-east-1',
    z.string().regex(/^[a-z0-9-]+$/, { error: 'must be a region like us-east-1' }),
  ),
  S3_ENDPOINT: optionalText.pipe(httpUrl.optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .string()
    .trim()
    .transform((v) => v || 'false')
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .default('false')
    .transform((v) => v === 'true'),
  S3_PUBLIC_URL: optionalText.pipe(httpUrl.optional()),
  /**
   * GET /metrics from elsewhere than this machine needs `Authorization: Bearer <METRICS_TOKEN>`; empty:
   * only this machine may read the metrics (ADR 0039).
   */
  METRICS_TOKEN: optionalText.refine((v) => !v || /^[A-Za-z0-9._~+/=-]{32,256}$/.test(v), {
    error: 'must be 32 to 256 letters, digits or ._~+/=- (openssl rand -hex 32)',
  }),
});

/** Every variable the server reads (compose.yaml and the Dockerfile may set no other: scripts/cluster.test.js). */
/**
 * JOB_CONCURRENCY when it is not set: on PostgreSQL half the pool, at most 8 (ADR 0042 "Ninth step": with
 * the pool at 10, 5 lanes settled a day of plan visits as fast as 8 while checkouts beside them waited less);
 * on PGlite 1.
 */
export function defaultJobConcurrency(database: 'pglite' | 'postgres', poolMax: number): number {
  return database === 'postgres' ? Math.max(1, Math.min(8, Math.floor(poolMax / 2))) : 1;
}

export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as readonly string[];

/** A provider's client id and secret come together or not at all. */
const pairs = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['JOBBER_CLIENT_ID', 'JOBBER_CLIENT_SECRET'],
  ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
] as const;
const checkedEnvSchema = envSchema.superRefine((c, ctx) => {
  for (const [id, secret] of pairs) {
    if (Boolean(c[id]) !== Boolean(c[secret]))
      ctx.addIssue({
        code: 'custom',
        path: [c[id] ? secret : id],
        message: `must be set together with ${c[id] ? id : secret}`,
      });
  }
  // Stripe needs all three keys; it is chosen when they are set (or PAYMENTS_PROVIDER=stripe asks for it).
  const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
  const someStripe = stripeKeys.some((k) => c[k]);
  if (someStripe || c.PAYMENTS_PROVIDER === 'stripe') {
    for (const k of stripeKeys)
      if (!c[k] && c.PAYMENTS_PROVIDER !== 'sandbox')
        ctx.addIssue({
          code: 'custom',
          path: [k],
          message: 'is required for Stripe payments (set all three Stripe keys)',
        });
  }
  // A clock the requests may move is for development and the Playwright server, never a live marketplace.
  if (c.SETTABLE_CLOCK && c.NODE_ENV === 'production')
    ctx.addIssue({
      code: 'custom',
      path: ['SETTABLE_CLOCK'],
      message: 'may not be true with NODE_ENV=production (it is for development and tests)',
    });
  // Uploads go to S3 only when asked; a bucket set without the driver would silently be ignored.
  if (c.STORAGE_DRIVER === 's3' && !c.S3_BUCKET)
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_DRIVER=s3' });
  if (c.STORAGE_DRIVER !== 's3' && c.S3_BUCKET)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'is set but STORAGE_DRIVER is not s3 (set STORAGE_DRIVER=s3 to store uploads in the bucket)',
    });
});

export type Config = Omit<z.output<typeof checkedEnvSchema>, 'SETTABLE_CLOCK'> & {
  /** Whether the clock may be moved (SETTABLE_CLOCK; by default only in development). */
  SETTABLE_CLOCK: boolean;
  dataDir: string;
  webDistDir: string;
  publicUrl: string;
  /** The card payment provider in use: Stripe when its keys are set (unless PAYMENTS_PROVIDER=sandbox). */
  paymentsProvider: 'sandbox' | 'stripe';
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment; throws an Error naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Relative paths are read from where `npm` was invoked (INIT_CWD), so `npm start` at the root uses ./.data.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    ...c,
    dataDir: path.resolve(base, c.DATA_DIR),
    webDistDir: c.WEB_DIST_DIR ? path.resolve(base, c.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    paymentsProvider: c.PAYMENTS_PROVIDER ?? (c.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox'),
    SETTABLE_CLOCK: c.SETTABLE_CLOCK ?? c.NODE_ENV === 'development',
  };
}
