/**
 * Every endpoint of the API, by area (ADR 0031). Nothing in the web imports this file (it would put every
 * summary in one chunk); the server's contract test reads it to hold the routes and the contract equal.
 */
import type { AnyEndpoint } from './endpoint';
import { bookingsApi } from './bookings.endpoints';
import { calendarsApi } from './calendars.endpoints';
import { earningsApi } from './earnings.endpoints';
import { listingReviewApi } from './listing-review.endpoints';
import { operatorApi } from './operator.endpoints';
import { ordersApi } from './orders.endpoints';
import { passwordApi } from './password.endpoints';
import { paymentsApi } from './payments.endpoints';
import { payoutsApi } from './payouts.endpoints';
import { planOffersApi } from './plan-offers.endpoints';
import { planVisitsApi } from './plan-visits.endpoints';
import { plansApi } from './plans.endpoints';
import { pricingApi } from './pricing.endpoints';
import { reviewsApi } from './reviews.endpoints';
import { schedulingApi } from './scheduling.endpoints';
import { sessionApi } from './session.endpoints';
import { supportApi } from './support.endpoints';
import { usersApi } from './users.endpoints';
import { vendorsApi } from './vendors.endpoints';

export const API_AREAS = {
  bookings: bookingsApi,
  calendars: calendarsApi,
  earnings: earningsApi,
  listingReview: listingReviewApi,
  operator: operatorApi,
  orders: ordersApi,
  password: passwordApi,
  payments: paymentsApi,
  payouts: payoutsApi,
  planOffers: planOffersApi,
  planVisits: planVisitsApi,
  plans: plansApi,
  pricing: pricingApi,
  reviews: reviewsApi,
  scheduling: schedulingApi,
  session: sessionApi,
  support: supportApi,
  users: usersApi,
  vendors: vendorsApi,
} as const;

/** Every endpoint once, named `area.name` (vendorReadsApi's are vendorsApi's, spread in). */
export function allEndpoints(): { name: string; endpoint: AnyEndpoint }[] {
  const seen = new Set<AnyEndpoint>();
  const list: { name: string; endpoint: AnyEndpoint }[] = [];
  for (const [area, group] of Object.entries(API_AREAS))
    for (const [name, value] of Object.entries(group as Record<string, AnyEndpoint>)) {
      if (seen.has(value)) continue;
      seen.add(value);
      list.push({ name: `${area}.${name}`, endpoint: value });
    }
  return list;
}
