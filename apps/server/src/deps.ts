/**
 * What the app gives its modules (the `deps` decoration), in a file of its own: modules import these
 * types from here, never from app.ts, which imports their routes (ADR 0026).
 */
import type { AnyEndpoint } from '@stg/domain/api/endpoint';
import type { FastifyBaseLogger, RouteOptions } from 'fastify';
import type { IcsOptions } from './adapters/calendars/ics';
import type { OAuthCalendarAdapter } from './adapters/calendars/oauth';
import type { SecretBox } from './adapters/calendars/secret-box';
import type { Mailer } from './adapters/mail/mailer';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import type { SandboxPayments } from './adapters/payments/sandbox-provider';
import type { PlacesReviewsSource } from './adapters/reviews/google-places';
import type { Storage } from './adapters/storage/storage';
import type { Database, Db } from './db/client';
import type { vendorCalendars } from './db/schema';
import type { BackgroundTasks } from './http/background';
import type { OrderConfirmations } from './modules/order-confirmations/notifier';

/** How calendars are read: configuration of the app (see config.ts and main.ts). */
export interface CalendarSyncConfig {
  secretBox: SecretBox;
  ics: IcsOptions;
  /** Null or absent: "Google Calendar is not configured on this server." */
  google?: OAuthCalendarAdapter | null;
  /** Null or absent: "Jobber is not configured on this server." */
  jobber?: OAuthCalendarAdapter | null;
}

type VendorCalendarRow = typeof vendorCalendars.$inferSelect;

/**
 * Whether the synced calendar's busy entries can be trusted now: null when they can, else the message
 * for the customer (the calendar needs reconnecting, or has not been read for too long).
 */
export type BusyTimesCheck = ((calendar: VendorCalendarRow, now: Date) => Promise<string | null>) & {
  /**
   * Until when (epoch ms) the calendar's entries may be used without running the check again; without it,
   * an answer that used a synced calendar is never cached.
   */
  freshUntil?: (calendar: VendorCalendarRow) => number;
};

/**
 * What checkout, settlement, refunds, order changes and payouts need from the app (a part of AppDeps);
 * here, not in the payments module, because orders, payouts, vendors and order confirmations name it too.
 */
export interface PaymentsDeps {
  db: Db;
  now: () => Date;
  payments: PaymentProvider;
  /** The sandbox provider when it is the one in use (its browser-side endpoints exist only then). */
  sandbox: SandboxPayments | null;
  /** How long create-payment-intent holds the time. */
  holdMinutes: number;
  busyTimesCheck: BusyTimesCheck;
  background: BackgroundTasks;
  mailer: Mailer;
  storage: Storage;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface AppDeps {
  database: Database;
  db: Db;
  storage: Storage;
  now: () => Date;
  mailer: Mailer;
  /** Work started by a request that the answer does not wait for (mail). */
  background: BackgroundTasks;
  /** Where users reach the app: the base of links in mails. */
  publicUrl: string;
  /** Where contact-form messages are mailed. */
  supportEmail: string;
  /** How vendors' calendars are read (secrets' key, feed fetching rules). */
  calendarSync: CalendarSyncConfig;
  log: FastifyBaseLogger;
  /** Card payments: the sandbox (default) or Stripe. */
  payments: PaymentProvider;
  /** The sandbox, when it is the provider in use (its browser-side endpoints exist only then). */
  sandbox: SandboxPayments | null;
  /** How long checkout holds a customer's time (minutes). */
  holdMinutes: number;
  /** Whether a vendor's synced calendar can be trusted now (reads it when stale). */
  busyTimesCheck: BusyTimesCheck;
  /** Google reviews' source (the Places API); null when GOOGLE_PLACES_API_KEY is not set. */
  googlePlaces: PlacesReviewsSource | null;
  /** Hears that an order was confirmed, from any instance. */
  orderConfirmations: OrderConfirmations;
  /** Multiplies every request rate limit (1 in production; tests and e2e journeys raise it). */
  rateLimitScale: number;
}

/** One route of the app as registered: the fuzz and authorization suites are generated from these. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
  /** The contract endpoint it was registered from (ADR 0031); undefined for the few that are not endpoints. */
  endpoint: AnyEndpoint | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered, in order (HEAD routes Fastify adds for GETs left out). */
    routeTable: RouteEntry[];
  }
}
