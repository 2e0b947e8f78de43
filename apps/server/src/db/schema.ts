/**
 * The whole data model of spec §3, with the statuses of §4 as constrained values.
 * Money is integer cents; times are timestamptz (UTC); a vendor's workday is minutes from local midnight.
 * Constraints that drizzle cannot express (the no-overlap exclusion constraint, the append-only trigger)
 * live in a custom migration: see migrations/0001_constraints.sql.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@stg/domain/api/payments';
import { REVIEW_BODY_MAX } from '@stg/domain/api/reviews';
import type { SendBackItem } from '@stg/domain/api/vendors';
import {
  BOOKING_STATUSES,
  CALENDAR_INTEGRATIONS,
  CATEGORIES,
  FULFILLMENT_STATUSES,
  INPUT_TYPES,
  LIMITS,
  LISTING_STATUSES,
  OAUTH_CALENDAR_INTEGRATIONS,
  PAYMENT_STATUSES,
  RANGE_OPTION_TYPES,
  REVIEW_TYPES,
  STATE,
  STRIPE_INTEGRATION_STATES,
  USER_TYPES,
  ZIP_CODES,
  type BookingStatus,
  type CalendarIntegration,
  type Category,
  type FulfillmentStatus,
  type InputType,
  type ListingStatus,
  type OAuthCalendarIntegration,
  type PaymentStatus,
  type RangeOptionType,
  type ReviewType,
  type StripeIntegrationState,
  type UserType,
} from '@stg/domain/constants';
import { ORDER_TEXT_MAX } from '@stg/domain/order-actions';
import { PLAN_DISCOUNT_MAX_PERCENT, PLAN_FREQUENCIES, type PlanFrequency } from '@stg/domain/plans';
import { ALIAS_PATTERN, PRICING_LIMITS } from '@stg/domain/pricing-inputs';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
/*
 * Check constraints take their values and limits from the domain (issue 16: one source), so the
 * database and the API cannot disagree. These helpers write them into the SQL as literals: drizzle-kit
 * compares the SQL text, so a changed constant shows up as a new migration.
 */
const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;
/**
 * ADR 0037: the terms of a plan being bought, frozen on its checkout's payment row with the money: the
 * frequency, the one-time subtotal and its discount (the payment's subtotal is the price per visit), the
 * answers, the vendor's policy hours and the consent shown beside Pay.
 */
export interface PaymentPlanTerms {
  frequency: PlanFrequency;
  baseSubtotalCents: number;
  discountPercent: number;
  answers: Record<string, string>;
  policyHours: number;
  consentText: string;
}

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map(quoted).join(', ')})`);
/** `values` as a SQL list, for a condition on a qualified column: `col in ${list(values)}`. */
const list = (values: readonly string[]) => sql.raw(`(${values.map(quoted).join(', ')})`);
const literal = (value: string) => sql.raw(quoted(value));
/*
 * Closed sets of values that only the server's tables know: each is both a check constraint's list and
 * the column's type (`.$type<...>()`, type-level only: the SQL is the same), so a row read through drizzle
 * carries the union instead of `string`, and a write of any other value does not compile.
 */
export const IMAGE_KINDS = ['logo', 'banner', 'gallery', 'avatar'] as const;
export const ORDER_EVENT_ROLES = ['customer', 'vendor', 'system', 'admin'] as const;
export const VENDOR_EVENT_ROLES = ['vendor', 'operator', 'system'] as const;
export const PAYMENT_ROW_STATUSES = ['open', 'succeeded', 'conflict', 'canceled', 'failed'] as const;
export const REFUND_KINDS = ['cancel', 'partial', 'conflict', 'provider'] as const;
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const PAYOUT_METHODS = ['transfer', 'paper_check', 'none'] as const;
export const PAYOUT_STATUSES = ['sending', 'sent', 'owed'] as const;
/** ADR 0037: a plan's state (paused until `paused_until`). */
export const PLAN_STATUSES = ['active', 'paused', 'cancelled'] as const;
/**
 * ADR 0037: a plan visit's state. The held-like ones (HELD_VISIT_STATUSES) own a time claim; `ordered` has
 * become an order (which owns the claim), `skipped` and `cancelled` free their time, `needs_time` waits for
 * the customer to pick a time (it holds none).
 */
export const PLAN_VISIT_STATUSES = [
  'held',
  'charging',
  'ordered',
  'skipped',
  'cancelled',
  'payment_failed',
  'action_required',
  'needs_time',
] as const;
export const HELD_VISIT_STATUSES = ['held', 'charging', 'payment_failed', 'action_required'] as const;
export const PLAN_EVENT_ACTIONS = [
  'created',
  'visit_held',
  'visit_clashed',
  'visit_moved',
  'visit_needs_time',
  'visit_released',
  'visit_skipped',
  'visit_rescheduled',
  'visit_charged',
  'visit_ordered',
  'visit_payment_failed',
  'visit_action_required',
  'visit_cancelled',
  'paused',
  'resumed',
  'frequency_changed',
  'time_changed',
  'price_proposed',
  'price_accepted',
  'cancelled',
] as const;
type OneOf<T extends readonly string[]> = T[number];

/** A PostgreSQL `tstzrange`, read and written as its text ('["2030-01-07 16:00:00+00","2030-01-07 17:00:00+00")'). */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

const num = (value: number) => {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  return sql.raw(String(value));
};

export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    category: text('category').$type<Category>().notNull(),
    phoneNumber: varchar('phone_number', { length: 10 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    serviceDescription: text('service_description'),
    listingStatus: text('listing_status').$type<ListingStatus>().notNull().default('awaiting_submission'),
    stripeIntegrated: text('stripe_integrated').$type<StripeIntegrationState>().notNull().default('inactive'),
    paymentAccountId: text('payment_account_id'),
    payoutLast4: varchar('payout_last4', { length: 4 }),
    payoutBankName: text('payout_bank_name'),
    logoImageId: integer('logo_image_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    bannerImageId: integer('banner_image_id').references((): AnyPgColumn => images.id, {
      onDelete: 'set null',
    }),
    minPriceCents: integer('min_price_cents').notNull().default(3500),
    pricingFormula: text('pricing_formula').notNull().default('x'),
    stagedFormula: text('staged_formula'),
    previousFormula: text('previous_formula'),
    priceToDurationRateCents: integer('price_to_duration_rate_cents').notNull().default(3500),
    cancelationPolicyHours: integer('cancelation_policy_hours').notNull().default(24),
    appointmentInstructions: text('appointment_instructions'),
    commissionBps: integer('commission_bps').notNull().default(1000),
    calendarSkipped: boolean('calendar_skipped').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The operator's reason when a listing under review was sent back. */
    reviewNote: text('review_note'),
    /** What the operator asked to fix when it was sent back (SEND_BACK_ITEMS); cleared on the next submit. */
    reviewFixes: jsonb('review_fixes').$type<SendBackItem[]>().notNull().default([]),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The vendor's Google place (Places API place id): its Google reviews are fetched daily (ADR 0018). */
    googlePlaceId: varchar('google_place_id', { length: 255 }),
    googleReviewsFetchedAt: timestamp('google_reviews_fetched_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('vendors_category_check', inList('category', CATEGORIES)),
    check('vendors_listing_status_check', inList('listing_status', LISTING_STATUSES)),
    check('vendors_stripe_integrated_check', inList('stripe_integrated', STRIPE_INTEGRATION_STATES)),
    check('vendors_phone_check', sql`${t.phoneNumber} ~ '^[0-9]{10}$'`),
    check(
      'vendors_description_length',
      sql`char_length(${t.serviceDescription}) <= ${num(LIMITS.serviceDescriptionMax)}`,
    ),
    check(
      'vendors_instructions_length',
      sql`char_length(${t.appointmentInstructions}) <= ${num(LIMITS.appointmentInstructionsMax)}`,
    ),
    check('vendors_min_price_check', sql`${t.minPriceCents} >= 0`),
    // Cents per hour: from the input's lowest rate to the label's "max 1000" (spec §9 shows both).
    check(
      'vendors_rate_check',
      sql`${t.priceToDurationRateCents} between ${num(LIMITS.ratePerHourDollars.min * 100)} and ${num(LIMITS.ratePerHourLabelMaxDollars * 100)}`,
    ),
    check(
      'vendors_policy_hours_check',
      sql`${t.cancelationPolicyHours} between ${num(LIMITS.cancellationPolicyHours.min)} and ${num(LIMITS.cancellationPolicyHours.max)}`,
    ),
    check('vendors_commission_check', sql`${t.commissionBps} between 0 and 10000`),
    index('vendors_listing_status_idx').on(t.listingStatus, t.category),
    index('vendors_created_idx').on(t.createdAt),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 10 }).notNull(),
    passwordDigest: text('password_digest').notNull(),
    userType: text('user_type').$type<UserType>().notNull().default('customer'),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    serviceChargeCents: integer('service_charge_cents').notNull().default(255),
    currentAddressId: integer('current_address_id').references((): AnyPgColumn => addresses.id, {
      onDelete: 'set null',
    }),
    /**
     * The payment provider's customer, made at the first checkout. A request's `req.user` may be a kept copy
     * older than this column (its write bumps no session version, migration 0028): read it from the row
     * (checkout reads it with the booking), never from the session's user.
     */
    paymentCustomerId: text('payment_customer_id'),
    /** Marketplace staff who review listings. */
    isOperator: boolean('is_operator').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_vendor_id_idx').on(t.vendorId),
    check('users_user_type_check', inList('user_type', USER_TYPES)),
    check('users_vendor_type_check', sql`(${t.userType} = 'vendor') = (${t.vendorId} is not null)`),
    check('users_phone_check', sql`${t.phoneNumber} ~ '^[0-9]{10}$'`),
    check('users_service_charge_check', sql`${t.serviceChargeCents} >= 0`),
    // New customers by week and month on the operator's dashboard.
    index('users_customer_created_idx')
      .on(t.createdAt)
      .where(sql`${t.userType} = 'customer' and not ${t.isOperator}`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id').references(() => vendors.id, { onDelete: 'cascade' }),
    streetAddress: varchar('street_address', { length: 200 }).notNull(),
    streetAddress2: varchar('street_address_2', { length: 200 }),
    city: varchar('city', { length: 100 }).notNull(),
    state: varchar('state', { length: 2 }).notNull().default('UT'),
    zipCode: varchar('zip_code', { length: 5 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('addresses_owner_check', sql`num_nonnulls(${t.userId}, ${t.vendorId}) = 1`),
    check('addresses_state_check', sql`${t.state} = ${literal(STATE)}`),
    check('addresses_zip_check', inList('zip_code', ZIP_CODES)),
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_vendor_idx').on(t.vendorId),
  ],
);

export const images = pgTable(
  'images',
  {
    id: id(),
    blobId: text('blob_id').notNull(),
    vendorId: integer('vendor_id').references((): AnyPgColumn => vendors.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OneOf<typeof IMAGE_KINDS>>().notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('images_blob_id_idx').on(t.blobId),
    check('images_kind_check', inList('kind', IMAGE_KINDS)),
    check('images_size_check', sql`${t.byteSize} > 0 and ${t.width} > 0 and ${t.height} > 0`),
    index('images_vendor_idx').on(t.vendorId, t.kind, t.position),
  ],
);

export const pricingInputs = pgTable(
  'pricing_inputs',
  {
    id: id(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: PRICING_LIMITS.nameMax }).notNull(),
    alias: varchar('alias', { length: PRICING_LIMITS.aliasMax }).notNull(),
    inputType: text('input_type').$type<InputType>().notNull(),
    recurring: boolean('recurring').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pricing_inputs_alias_idx').on(t.vendorId, t.alias),
    check('pricing_inputs_type_check', inList('input_type', INPUT_TYPES)),
    check('pricing_inputs_alias_check', sql`${t.alias} ~ ${literal(ALIAS_PATTERN.source)}`),
  ],
);

export const pricingInputOptions = pgTable(
  'pricing_input_options',
  {
    id: id(),
    pricingInputId: integer('pricing_input_id')
      .notNull()
      .references(() => pricingInputs.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: PRICING_LIMITS.optionNameMax }).notNull(),
    value: doublePrecision('value').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    optionType: text('option_type').$type<RangeOptionType>(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check(
      'pricing_input_options_type_check',
      sql`${t.optionType} is null or ${t.optionType} in ${list(RANGE_OPTION_TYPES)}`,
    ),
    // value = value is false for NaN; the bound is written as the migrations have it (1e9).
    check(
      'pricing_input_options_value_check',
      sql`${t.value} = ${t.value} and abs(${t.value}) < ${sql.raw(PRICING_LIMITS.valueMax.toExponential().replace('e+', 'e'))}`,
    ),
    index('pricing_input_options_input_idx').on(t.pricingInputId, t.position),
  ],
);

/**
 * The plan frequencies a vendor offers and each one's discount (ADR 0037): one row per offered frequency,
 * none when the vendor offers no plans. Public material: its changes bump the public reads' version.
 */
export const vendorPlanOffers = pgTable(
  'vendor_plan_offers',
  {
    id: id(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    frequency: text('frequency').$type<PlanFrequency>().notNull(),
    discountPercent: smallint('discount_percent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vendor_plan_offers_vendor_frequency_idx').on(t.vendorId, t.frequency),
    check('vendor_plan_offers_frequency_check', inList('frequency', PLAN_FREQUENCIES)),
    check(
      'vendor_plan_offers_discount_check',
      sql`${t.discountPercent} BETWEEN 0 AND ${sql.raw(String(PLAN_DISCOUNT_MAX_PERCENT))}`,
    ),
  ],
);

export const userInputs = pgTable(
  'user_inputs',
  {
    id: id(),
    addressId: integer('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    pricingInputId: integer('pricing_input_id')
      .notNull()
      .references(() => pricingInputs.id, { onDelete: 'cascade' }),
    valueString: varchar('value_string', { length: 200 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_inputs_address_input_idx').on(t.addressId, t.pricingInputId)],
);

export const vendorCalendars = pgTable(
  'vendor_calendars',
  {
    id: id(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    apiIntegrated: boolean('api_integrated').notNull().default(false),
    integrationType: text('integration_type').$type<CalendarIntegration>(),
    integratedCalendarId: text('integrated_calendar_id'),
    icsUrl: text('ics_url'),
    /** The feed's address with its secret part masked (shown to the vendor; not a secret). */
    icsUrlHint: text('ics_url_hint'),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    syncError: text('sync_error'),
    /** Set while one process reads the provider; another process does not start a second read. */
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    workdayStartMinutes: integer('workday_start_minutes').notNull().default(480),
    workdayEndMinutes: integer('workday_end_minutes').notNull().default(1020),
    driveTimeBufferMins: integer('drive_time_buffer_mins').notNull().default(30),
    bookingWindowStartDays: integer('booking_window_start_days').notNull().default(2),
    bookingWindowEndDays: integer('booking_window_end_days').notNull().default(90),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vendor_calendars_vendor_idx').on(t.vendorId),
    check(
      'vendor_calendars_integration_check',
      sql`${t.integrationType} is null or ${t.integrationType} in ${list(CALENDAR_INTEGRATIONS)}`,
    ),
    check(
      'vendor_calendars_workday_check',
      sql`${t.workdayStartMinutes} >= 0 and ${t.workdayEndMinutes} <= 1440 and ${t.workdayStartMinutes} < ${t.workdayEndMinutes}`,
    ),
    check(
      'vendor_calendars_gap_check',
      sql`${t.driveTimeBufferMins} between ${num(LIMITS.gapMinutes.min)} and ${num(LIMITS.gapMinutes.max)}`,
    ),
    check(
      'vendor_calendars_notice_check',
      sql`${t.bookingWindowStartDays} between ${num(LIMITS.minimumNoticeDays.min)} and ${num(LIMITS.minimumNoticeDays.max)}`,
    ),
    check(
      'vendor_calendars_limit_check',
      sql`${t.bookingWindowEndDays} between ${num(LIMITS.bookingLimitDays.min)} and ${num(LIMITS.bookingLimitDays.max)}`,
    ),
  ],
);

export const calendarBusyEntries = pgTable(
  'calendar_busy_entries',
  {
    id: id(),
    vendorCalendarId: integer('vendor_calendar_id')
      .notNull()
      .references(() => vendorCalendars.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_busy_entries_external_idx').on(t.vendorCalendarId, t.externalId),
    index('calendar_busy_entries_time_idx').on(t.vendorCalendarId, t.startTime),
    check('calendar_busy_entries_range_check', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/**
 * A vendor's pending OAuth authorization (Google, Jobber): the `state` sent to the provider, kept as a
 * SHA-256 hash, single use, expiring.
 */
export const calendarOauthStates = pgTable(
  'calendar_oauth_states',
  {
    id: id(),
    stateHash: text('state_hash').notNull(),
    provider: text('provider').$type<OAuthCalendarIntegration>().notNull(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_oauth_states_hash_idx').on(t.stateHash),
    index('calendar_oauth_states_vendor_idx').on(t.vendorId),
    check('calendar_oauth_states_provider_check', inList('provider', OAUTH_CALENDAR_INTEGRATIONS)),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    /** A guest's pricing answers: valueString by pricing input id (spec §6). */
    guestInputs: jsonb('guest_inputs').$type<Record<string, string>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    status: text('status').$type<BookingStatus>().notNull().default('priced'),
    priceCents: integer('price_cents').notNull(),
    durationMins: integer('duration_mins').notNull(),
    appointmentAt: timestamp('appointment_at', { withTimezone: true }),
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    optionsSnapshot: jsonb('options_snapshot').$type<Record<string, string>>().notNull().default({}),
    customerNotes: text('customer_notes'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** ADR 0037: a plan's first visit, its frequency and discount (already taken off price_cents); null: one time. */
    planFrequency: text('plan_frequency').$type<PlanFrequency>(),
    planDiscountPercent: integer('plan_discount_percent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_status_check', inList('status', BOOKING_STATUSES)),
    check(
      'bookings_plan_check',
      sql`(${t.planFrequency} is null and ${t.planDiscountPercent} is null) or (${inList('plan_frequency', PLAN_FREQUENCIES)} and ${t.planDiscountPercent} between 0 and ${num(PLAN_DISCOUNT_MAX_PERCENT)})`,
    ),
    check('bookings_price_check', sql`${t.priceCents} >= 0`),
    check('bookings_duration_check', sql`${t.durationMins} > 0`),
    check(
      'bookings_notes_length',
      sql`char_length(${t.customerNotes}) <= ${num(PRICING_LIMITS.customerNotesMax)}`,
    ),
    check('bookings_owner_check', sql`num_nonnulls(${t.userId}, ${t.sessionId}) >= 1`),
    index('bookings_vendor_idx').on(t.vendorId, t.status),
    index('bookings_user_idx').on(t.userId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    confirmationId: text('confirmation_id').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    addressId: integer('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'restrict' }),
    appointmentAt: timestamp('appointment_at', { withTimezone: true }).notNull(),
    appointmentEndAt: timestamp('appointment_end_at', { withTimezone: true }).notNull(),
    durationMins: integer('duration_mins').notNull(),
    customerNotes: text('customer_notes'),
    optionalNote: text('optional_note'),
    optionsSnapshot: jsonb('options_snapshot').$type<Record<string, string>>().notNull().default({}),
    fulfillmentStatus: text('fulfillment_status').$type<FulfillmentStatus>().notNull().default('unfulfilled'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('collected'),
    paymentProvider: text('payment_provider').notNull().default('sandbox'),
    paymentIntentId: text('payment_intent_id'),
    paymentMethodLast4: varchar('payment_method_last4', { length: 4 }),
    paymentMethodBrand: text('payment_method_brand'),
    totalCollectedCents: integer('total_collected_cents').notNull(),
    /** The service's price as charged (total collected less the service charge); kept after refunds. */
    subtotalCents: integer('subtotal_cents'),
    serviceFeeCents: integer('service_fee_cents').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    vendorPayoutCents: integer('vendor_payout_cents').notNull(),
    refundAmountCents: integer('refund_amount_cents').notNull().default(0),
    refundReason: text('refund_reason'),
    cancelReason: text('cancel_reason'),
    payoutLast4: varchar('payout_last4', { length: 4 }),
    payoutBankName: text('payout_bank_name'),
    previousAppointmentAt: timestamp('previous_appointment_at', { withTimezone: true }),
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    payoutDueAt: timestamp('payout_due_at', { withTimezone: true }),
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
    transferId: text('transfer_id'),
    /** ADR 0037: the plan whose visit this order is, and that visit (null: a one-time order). */
    planId: integer('plan_id').references((): AnyPgColumn => plans.id, { onDelete: 'restrict' }),
    planVisitId: integer('plan_visit_id').references((): AnyPgColumn => planVisits.id, {
      onDelete: 'restrict',
    }),
    /**
     * ADR 0037: the plan's frequency when this visit was settled, copied by the plans module with `plan_id`
     * so the orders' views mark a plan visit ("Plan: Every 2 weeks") without reading the plans module.
     */
    planFrequency: text('plan_frequency').$type<PlanFrequency>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_confirmation_idx').on(t.confirmationId),
    uniqueIndex('orders_plan_visit_idx').on(t.planVisitId),
    index('orders_plan_idx').on(t.planId),
    check('orders_plan_visit_check', sql`${t.planVisitId} is null or ${t.planId} is not null`),
    check(
      'orders_plan_frequency_check',
      sql`(${t.planId} is null) = (${t.planFrequency} is null) and (${t.planFrequency} is null or ${inList('plan_frequency', PLAN_FREQUENCIES)})`,
    ),
    uniqueIndex('orders_booking_idx').on(t.bookingId),
    uniqueIndex('orders_payment_intent_idx').on(t.paymentIntentId),
    // The vendor's order list pages by (appointment, id): one index per filter of spec §4 Order lists
    // (all; active = not fulfilled or cancelled; past = fulfilled or cancelled), so a page of a vendor
    // with thousands of orders reads only that page's rows.
    index('orders_vendor_idx').on(t.vendorId, t.appointmentAt, t.id),
    index('orders_vendor_active_idx')
      .on(t.vendorId, t.appointmentAt, t.id)
      .where(sql`${t.fulfillmentStatus} not in ('fulfilled', 'cancelled')`),
    index('orders_vendor_past_idx')
      .on(t.vendorId, t.appointmentAt, t.id)
      .where(sql`${t.fulfillmentStatus} in ('fulfilled', 'cancelled')`),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The operator's dashboard (issue 25 §3) sums the money columns of the orders placed since a date:
    // every column it reads is in the index, so a year of 100,000 orders is an index-only scan.
    index('orders_created_money_idx').on(
      t.createdAt,
      t.totalCollectedCents,
      t.serviceFeeCents,
      t.commissionCents,
      t.refundAmountCents,
      t.vendorPayoutCents,
      t.fulfillmentStatus,
    ),
    // The operator's lists: payouts not begun, by due date; orders under dispute.
    index('orders_payout_due_idx')
      .on(t.payoutDueAt, t.id)
      .where(
        sql`${t.fulfillmentStatus} = 'fulfilled' and ${t.paymentStatus} in ('collected', 'partially_refunded')`,
      ),
    index('orders_disputed_idx')
      .on(t.id)
      .where(sql`${t.fulfillmentStatus} = 'disputed'`),
    check('orders_fulfillment_check', inList('fulfillment_status', FULFILLMENT_STATUSES)),
    check('orders_payment_check', inList('payment_status', PAYMENT_STATUSES)),
    check('orders_time_check', sql`${t.appointmentEndAt} > ${t.appointmentAt}`),
    check('orders_duration_check', sql`${t.durationMins} > 0`),
    check('orders_optional_note_length', sql`char_length(${t.optionalNote}) <= ${num(ORDER_TEXT_MAX)}`),
    check(
      'orders_amounts_nonnegative',
      sql`${t.totalCollectedCents} >= 0 and ${t.serviceFeeCents} >= 0 and ${t.commissionCents} >= 0 and ${t.vendorPayoutCents} >= 0 and ${t.refundAmountCents} >= 0`,
    ),
    // Every cent collected is accounted for: service charge + commission + vendor payout + refunds.
    check(
      'orders_money_balances',
      sql`${t.totalCollectedCents} = ${t.serviceFeeCents} + ${t.commissionCents} + ${t.vendorPayoutCents} + ${t.refundAmountCents}`,
    ),
  ],
);

/** Append-only log of everything done to an order (a trigger refuses UPDATE and DELETE). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role').$type<OneOf<typeof ORDER_EVENT_ROLES>>().notNull(),
    action: text('action').notNull(),
    amountCents: integer('amount_cents'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    check('order_events_role_check', inList('actor_role', ORDER_EVENT_ROLES)),
    check(
      'order_events_action_check',
      inList('action', [
        'created',
        'rescheduled',
        'cancelled',
        'refunded',
        'partially_refunded',
        'fulfilled',
        'payout_scheduled',
        'payout_sent',
        'payout_failed',
        'payout_retry_requested',
        'disputed',
        'refund_failed',
        'refund_retry_requested',
        'refund_handled',
        'reminder_sent',
      ]),
    ),
  ],
);

/** What happened to a vendor's listing and payouts, and who did it (operator actions are logged here). */
export const vendorEvents = pgTable(
  'vendor_events',
  {
    id: id(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role').$type<OneOf<typeof VENDOR_EVENT_ROLES>>().notNull(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('vendor_events_vendor_idx').on(t.vendorId, t.createdAt),
    check('vendor_events_role_check', inList('actor_role', VENDOR_EVENT_ROLES)),
    check(
      'vendor_events_action_check',
      inList('action', [
        'signed_up',
        'images_changed',
        'profile_changed',
        'calendar_skipped',
        'payouts_onboarding_started',
        'payouts_onboarding_failed',
        'submitted',
        'approved',
        'rejected',
        'deactivated',
        'reactivated',
      ]),
    ),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    reviewType: text('review_type').$type<ReviewType>().notNull(),
    body: text('body'),
    score: smallint('score').notNull(),
    authorFirstName: varchar('author_first_name', { length: 100 }).notNull(),
    authorLastName: varchar('author_last_name', { length: 100 }).notNull().default(''),
    authorImageUrl: text('author_image_url'),
    url: text('url'),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_score_check', sql`${t.score} between ${num(LIMITS.scoreMin)} and ${num(LIMITS.scoreMax)}`),
    check('reviews_type_check', inList('review_type', REVIEW_TYPES)),
    check('reviews_product_author_check', sql`${t.reviewType} <> 'product' or ${t.userId} is not null`),
    // The marketplace's form asks for 10 characters; Google's reviews are shown as Google has them.
    check(
      'reviews_body_length',
      sql`${t.body} is null or char_length(${t.body}) between case when ${t.reviewType} = 'product' then ${num(LIMITS.reviewBodyMin)} else 1 end and ${num(REVIEW_BODY_MAX)}`,
    ),
    uniqueIndex('reviews_one_per_customer_idx')
      .on(t.vendorId, t.userId)
      .where(sql`${t.reviewType} = 'product'`),
    index('reviews_vendor_idx').on(t.vendorId, t.createdAt),
  ],
);

/**
 * One checkout attempt (ARCHITECTURE §5a): the payment intent made for a booking, with the money and the
 * appointment frozen as they were charged. While `open` and unexpired it holds the vendor's time; once the
 * provider says it succeeded it becomes an order (`succeeded`), or, when another order took the time
 * first, it is refunded in full (`conflict`).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    addressId: integer('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'restrict' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    intentId: text('intent_id'),
    clientSecret: text('client_secret'),
    confirmationId: text('confirmation_id').notNull(),
    status: text('status').$type<OneOf<typeof PAYMENT_ROW_STATUSES>>().notNull().default('open'),
    subtotalCents: integer('subtotal_cents').notNull(),
    serviceFeeCents: integer('service_fee_cents').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    vendorPayoutCents: integer('vendor_payout_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    appointmentAt: timestamp('appointment_at', { withTimezone: true }).notNull(),
    durationMins: integer('duration_mins').notNull(),
    optionsSnapshot: jsonb('options_snapshot').$type<Record<string, string>>().notNull().default({}),
    customerNotes: text('customer_notes'),
    saveCard: boolean('save_card').notNull().default(false),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    paymentMethodBrand: text('payment_method_brand'),
    paymentMethodLast4: varchar('payment_method_last4', { length: 4 }),
    failureMessage: text('failure_message'),
    /** ADR 0037: a plan's checkout — what the plan is made of when this payment settles; null: one time. */
    plan: jsonb('plan').$type<PaymentPlanTerms>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_intent_idx').on(t.provider, t.intentId),
    uniqueIndex('payments_confirmation_idx').on(t.confirmationId),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_hold_idx').on(t.vendorId, t.status, t.holdExpiresAt),
    // The metrics' scrape counts the open checkout holds (every vendor's) without reading settled payments.
    index('payments_open_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'open'`),
    index('payments_user_idx').on(t.userId),
    check('payments_status_check', inList('status', PAYMENT_ROW_STATUSES)),
    check('payments_provider_check', inList('provider', PAYMENT_PROVIDERS)),
    check(
      'payments_amounts_check',
      sql`${t.subtotalCents} >= 0 and ${t.serviceFeeCents} >= 0 and ${t.commissionCents} >= 0 and ${t.vendorPayoutCents} >= 0
        and ${t.totalCents} = ${t.subtotalCents} + ${t.serviceFeeCents}
        and ${t.subtotalCents} = ${t.commissionCents} + ${t.vendorPayoutCents}
        and ${t.refundedCents} between 0 and ${t.totalCents}`,
    ),
    check('payments_duration_check', sql`${t.durationMins} > 0`),
  ],
);

/**
 * Money sent back to a customer. Written in the same transaction as the order change it belongs to
 * (status `pending`), then carried out at the provider with its own idempotency key, so a crash or a
 * retry never refunds twice and never forgets a refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The provider's payment intent the money goes back to. */
    paymentIntentId: text('payment_intent_id').notNull(),
    kind: text('kind').$type<OneOf<typeof REFUND_KINDS>>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason'),
    status: text('status').$type<OneOf<typeof REFUND_STATUSES>>().notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * What an operator did about a refund that failed (issue 25 §3): `retried` (a new refund was recorded,
     * `retry_refund_id`) or `handled` (dealt with outside the marketplace, with a note). Null while it waits.
     */
    resolution: text('resolution').$type<'retried' | 'handled'>(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    retryRefundId: integer('retry_refund_id').references((): AnyPgColumn => refunds.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_idx').on(t.idempotencyKey),
    index('refunds_failed_open_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} = 'failed' and ${t.resolution} is null`),
    check(
      'refunds_resolution_check',
      sql`(${t.resolution} is null and ${t.resolvedAt} is null) or (${t.resolution} in ('retried', 'handled') and ${t.status} = 'failed' and ${t.resolvedAt} is not null)`,
    ),
    check('refunds_resolution_note_length', sql`char_length(${t.resolutionNote}) <= 500`),
    check('refunds_retry_check', sql`(${t.resolution} = 'retried') = (${t.retryRefundId} is not null)`),
    // The metrics' scrape counts the refunds not yet carried out without reading the settled ones.
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check('refunds_owner_check', sql`num_nonnulls(${t.paymentId}, ${t.orderId}) >= 1`),
    check('refunds_kind_check', inList('kind', REFUND_KINDS)),
    check('refunds_status_check', inList('status', REFUND_STATUSES)),
  ],
);

/** Provider events (webhooks, and the sandbox's own) already handled: each is processed at most once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/**
 * The sandbox payment provider's objects (payment intents, customers, payment methods, refunds,
 * connected accounts, transfers, events), kept as Stripe-like JSON so the embedded default behaves like
 * the real provider and survives restarts.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    id: text('id').primaryKey(),
    object: text('object').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sandbox_objects_object_idx').on(t.object, t.createdAt)],
);

/** The sandbox's idempotency keys: a write sent again with the same key answers what it answered first. */
export const sandboxIdempotencyKeys = pgTable('sandbox_idempotency_keys', {
  key: text('key').primaryKey(),
  response: jsonb('response').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** Saved cards: provider references and display fields only, never card numbers. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: varchar('last4', { length: 4 }).notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_idx').on(t.provider, t.providerPaymentMethodId),
    check('payment_methods_provider_check', inList('provider', PAYMENT_PROVIDERS)),
    check('payment_methods_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_methods_exp_check', sql`${t.expMonth} between 1 and 12`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  // The per-address hourly limit counts recent rows by ip.
  (t) => [index('contact_messages_ip_idx').on(t.ip, t.createdAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash),
    // The per-account hourly limit on reset mails counts recent rows by user.
    index('password_reset_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Request rate limits and password-guess throttles, shared by every instance (issue 14): one row per
 * bucket (e.g. "signup:ip:203.0.113.9"), counted in a fixed window that restarts at `reset_at`; `next_at`
 * is the earliest next attempt of a backoff bucket. Rows past their window are pruned by maintenance.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
    nextAt: timestamp('next_at', { withTimezone: true }),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/**
 * Browsers that signed in to an account (issue 23 #21, ADR 0021): the device cookie holds a random token,
 * the table only its hash, one row per account the browser signed in to. A password check carrying a
 * token of the account is not subject to the per-address limits (a shared address cannot lock the owner
 * out); it has its own per-device limit instead.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('trusted_devices_token_user_idx').on(t.tokenHash, t.userId),
    index('trusted_devices_user_idx').on(t.userId),
    index('trusted_devices_expires_idx').on(t.expiresAt),
  ],
);

/** Background work shared by every instance, claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<OneOf<typeof JOB_STATUSES>>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    uniqueKey: text('unique_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('jobs_status_check', inList('status', JOB_STATUSES)),
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey),
  ],
);

/** Development mail outbox: every message the mail adapter sends is kept here too. */
export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** Attached files (an order's calendar invite), kept with the message. */
  attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * An order's payout to its vendor (spec §1, §9: 72 hours after fulfilment; ADR 0017): one row per order,
 * written under the order's row lock. A transfer is `sending` from the moment its amount and destination
 * are frozen until the provider's transfer id is recorded (`sent`); the provider call in between carries
 * `idempotency_key`, so a retry after a crash answers the same transfer. A vendor without an active
 * payout account is owed a Paper Check (`owed`) until an operator records it as sent.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    method: text('method').$type<OneOf<typeof PAYOUT_METHODS>>().notNull(),
    status: text('status').$type<OneOf<typeof PAYOUT_STATUSES>>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The connected account a transfer goes to (frozen when it starts). */
    destinationAccountId: text('destination_account_id'),
    transferId: text('transfer_id'),
    /** The charge the transfer was funded from (Stripe's source_transaction). */
    sourceTransaction: text('source_transaction'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Why a Paper Check: no_payout_account, other_payment_mode or transfer_refused. */
    reason: text('reason'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    /** The check's number (or other reference) an operator recorded. */
    checkReference: text('check_reference'),
    markedPaidBy: integer('marked_paid_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * When the payout job gave up on a transfer (the provider unreachable through every try): the
     * payout stays `sending` for an operator to check and retry; cleared when a retry is requested.
     */
    needsReviewAt: timestamp('needs_review_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_order_idx').on(t.orderId),
    uniqueIndex('payouts_idempotency_idx').on(t.idempotencyKey),
    uniqueIndex('payouts_transfer_idx').on(t.transferId),
    index('payouts_owed_idx')
      .on(t.startedAt)
      .where(sql`${t.status} = 'owed'`),
    index('payouts_vendor_idx').on(t.vendorId, t.createdAt),
    // The metrics' scrape (ADR 0039) counts the transfers in flight without reading the sent ones.
    index('payouts_sending_idx')
      .on(t.startedAt)
      .where(sql`${t.status} = 'sending'`),
    index('payouts_needs_review_idx')
      .on(t.needsReviewAt)
      .where(sql`${t.needsReviewAt} is not null`),
    check(
      'payouts_needs_review_check',
      sql`${t.needsReviewAt} is null or (${t.method} = 'transfer' and ${t.status} = 'sending')`,
    ),
    check('payouts_method_check', inList('method', PAYOUT_METHODS)),
    check('payouts_status_check', inList('status', PAYOUT_STATUSES)),
    check('payouts_amount_check', sql`${t.amountCents} >= 0`),
    check(
      'payouts_transfer_check',
      sql`${t.method} <> 'transfer' or (${t.destinationAccountId} is not null and (${t.status} <> 'sent' or ${t.transferId} is not null))`,
    ),
    check('payouts_owed_check', sql`${t.status} <> 'owed' or ${t.method} = 'paper_check'`),
    check('payouts_sent_check', sql`${t.status} <> 'sent' or ${t.sentAt} is not null`),
  ],
);

/**
 * Versions of what is cached in process memory (ADR 0022). `public_reads` counts the committed writes that
 * change the public vendor and review answers (GET /api/vendors, /api/vendors/{id}, /api/vendors/{id}/reviews):
 * deferred triggers on the tables those answers are made of bump it in the writing transaction
 * (migration 0011), so every server process sees a write the moment it is committed.
 */
export const cacheVersions = pgTable('cache_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Recurring service plans (ADR 0037): a customer's standing order with one vendor at one address, a visit
 * every `frequency` from the anchor (a St George date and wall-clock start), at the price it was sold at
 * (`subtotal_cents` a visit, `base_subtotal_cents` less `discount_percent`) until the customer accepts a
 * proposed one. Its later visits are charged off-session to the saved card the customer consented to.
 */
export const plans = pgTable(
  'plans',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    addressId: integer('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'restrict' }),
    frequency: text('frequency').$type<PlanFrequency>().notNull(),
    /** The first visit's St George date (YYYY-MM-DD) and start, minutes after local midnight. */
    anchorLocalDate: date('anchor_local_date', { mode: 'string' }).notNull(),
    anchorStartMinutes: integer('anchor_start_minutes').notNull(),
    /**
     * The sequence of the anchor's visit: visit n from the anchor is `anchor_sequence + n`. 1 at checkout; a
     * schedule change re-anchors after every visit already written (ADR 0037 "Managing a plan").
     */
    anchorSequence: integer('anchor_sequence').notNull().default(1),
    durationMins: integer('duration_mins').notNull(),
    /** The pricing answers the plan was priced for, and the options as an order shows them. */
    answersSnapshot: jsonb('answers_snapshot').$type<Record<string, unknown>>().notNull().default({}),
    optionsSnapshot: jsonb('options_snapshot').$type<Record<string, string>>().notNull().default({}),
    customerNotes: text('customer_notes'),
    /** The one-time price for the answers, the frequency's discount, and the price a visit after it. */
    baseSubtotalCents: integer('base_subtotal_cents').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    serviceFeeCents: integer('service_fee_cents').notNull(),
    status: text('status').$type<OneOf<typeof PLAN_STATUSES>>().notNull().default('active'),
    /** Paused: visits before this St George date are skipped. */
    pausedUntil: date('paused_until', { mode: 'string' }),
    /** The saved card the later visits are charged to (the provider's customer and payment method). */
    paymentProvider: text('payment_provider').$type<PaymentProviderName>().notNull(),
    providerCustomerId: text('provider_customer_id'),
    paymentMethodId: text('payment_method_id'),
    paymentMethodBrand: text('payment_method_brand'),
    paymentMethodLast4: varchar('payment_method_last4', { length: 4 }),
    /** The words shown beside the Pay button, and when the customer agreed to them. */
    consentText: text('consent_text').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    /** A new price offered after the vendor's pricing changed (charged only once accepted). */
    proposedBaseSubtotalCents: integer('proposed_base_subtotal_cents'),
    proposedDiscountPercent: integer('proposed_discount_percent'),
    proposedSubtotalCents: integer('proposed_subtotal_cents'),
    proposedAt: timestamp('proposed_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by').$type<OneOf<typeof ORDER_EVENT_ROLES>>(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('plans_user_idx').on(t.userId, t.createdAt),
    index('plans_vendor_idx').on(t.vendorId, t.status),
    check('plans_status_check', inList('status', PLAN_STATUSES)),
    check('plans_frequency_check', inList('frequency', PLAN_FREQUENCIES)),
    check('plans_provider_check', inList('payment_provider', PAYMENT_PROVIDERS)),
    check(
      'plans_cancelled_by_check',
      sql`cancelled_by is null or ${inList('cancelled_by', ORDER_EVENT_ROLES)}`,
    ),
    check('plans_start_check', sql`${t.anchorStartMinutes} between 0 and 1439`),
    check('plans_duration_check', sql`${t.durationMins} > 0`),
    check('plans_anchor_sequence_check', sql`${t.anchorSequence} >= 1`),
    check(
      'plans_money_check',
      sql`${t.baseSubtotalCents} >= 0 and ${t.subtotalCents} >= 0 and ${t.serviceFeeCents} >= 0
        and ${t.discountPercent} between 0 and 50
        and (${t.proposedBaseSubtotalCents} is null or ${t.proposedBaseSubtotalCents} >= 0)
        and (${t.proposedSubtotalCents} is null or ${t.proposedSubtotalCents} >= 0)
        and (${t.proposedDiscountPercent} is null or ${t.proposedDiscountPercent} between 0 and 50)`,
    ),
    check('plans_cancelled_check', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
    check('plans_paused_check', sql`${t.status} <> 'paused' or ${t.pausedUntil} is not null`),
  ],
);

/**
 * A plan's visits, one row per visit the plan holds or held (ADR 0037), numbered from 1 by `sequence`. A
 * held-like visit (held, charging, payment_failed, action_required) owns a time claim, kept by trigger
 * (migration 0021_time_claims_constraints); an `ordered` one has become `order_id`, which owns it.
 */
export const planVisits = pgTable(
  'plan_visits',
  {
    id: id(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    sequence: integer('sequence').notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    appointmentAt: timestamp('appointment_at', { withTimezone: true }).notNull(),
    appointmentEndAt: timestamp('appointment_end_at', { withTimezone: true }).notNull(),
    status: text('status').$type<OneOf<typeof PLAN_VISIT_STATUSES>>().notNull().default('held'),
    /** When its cancellation window closes and it is charged off-session. */
    chargeAt: timestamp('charge_at', { withTimezone: true }).notNull(),
    orderId: integer('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'restrict' }),
    paymentIntentId: text('payment_intent_id'),
    idempotencyKey: text('idempotency_key'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A failed charge's deadline: unpaid then, the visit is cancelled and its time released. */
    payDeadlineAt: timestamp('pay_deadline_at', { withTimezone: true }),
    /** The mailed pay link's token after a failed charge, as its SHA-256 hex (the token itself is only mailed). */
    payTokenHash: text('pay_token_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plan_visits_sequence_idx').on(t.planId, t.sequence),
    uniqueIndex('plan_visits_order_idx').on(t.orderId),
    uniqueIndex('plan_visits_pay_token_idx').on(t.payTokenHash),
    index('plan_visits_intent_idx').on(t.paymentIntentId),
    // The charging job's scan: held visits whose window has closed.
    index('plan_visits_charge_idx')
      .on(t.chargeAt, t.id)
      .where(sql`${t.status} = 'held'`),
    check('plan_visits_status_check', inList('status', PLAN_VISIT_STATUSES)),
    check('plan_visits_sequence_check', sql`${t.sequence} >= 1`),
    check('plan_visits_time_check', sql`${t.appointmentEndAt} > ${t.appointmentAt}`),
    check('plan_visits_attempts_check', sql`${t.attempts} >= 0`),
    check('plan_visits_ordered_check', sql`${t.status} <> 'ordered' or ${t.orderId} is not null`),
  ],
);

/** What happened to a plan and its visits, append-only like order_events (trigger in migration 0021_time_claims_constraints). */
export const planEvents = pgTable(
  'plan_events',
  {
    id: id(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    planVisitId: integer('plan_visit_id').references(() => planVisits.id, { onDelete: 'restrict' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role').$type<OneOf<typeof ORDER_EVENT_ROLES>>().notNull(),
    action: text('action').$type<OneOf<typeof PLAN_EVENT_ACTIONS>>().notNull(),
    amountCents: integer('amount_cents'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('plan_events_plan_idx').on(t.planId, t.createdAt),
    check('plan_events_role_check', inList('actor_role', ORDER_EVENT_ROLES)),
    check('plan_events_action_check', inList('action', PLAN_EVENT_ACTIONS)),
  ],
);

/**
 * Every claim on a vendor's time (ADR 0037): a live order's or a held plan visit's, exactly one owner each.
 * Written only by triggers on orders and plan_visits; its exclusion constraint (no two claims of one vendor
 * overlap, SQLSTATE 23P01) and the triggers are in migration 0021_time_claims_constraints.
 */
export const timeClaims = pgTable(
  'time_claims',
  {
    id: id(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    during: tstzrange('during').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    planVisitId: integer('plan_visit_id').references(() => planVisits.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('time_claims_order_idx').on(t.orderId),
    uniqueIndex('time_claims_plan_visit_idx').on(t.planVisitId),
    check('time_claims_one_owner', sql`num_nonnulls(${t.orderId}, ${t.planVisitId}) = 1`),
    check(
      'time_claims_not_empty',
      sql`not isempty(${t.during}) and not lower_inf(${t.during}) and not upper_inf(${t.during})`,
    ),
  ],
);
