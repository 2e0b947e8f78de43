/**
 * Issue 25 §1: a new vendor starts from its category's default questions, formula and minimum price
 * (defaultPricingFor) and from the default scheduling rules, written with the vendor row in the sign-up's
 * transaction. Never the formula `x`: once live, a customer gets a real price from the questions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { vendorSchema, type Vendor } from '@stg/domain/api/vendors';
import { CATEGORIES, DEFAULT_CANCELATION_POLICY_HOURS, type Category } from '@stg/domain/constants';
import { centsToDollars } from '@stg/domain/money';
import { answersFromSelections, durationMinutes, initialSelections, quotePrice } from '@stg/domain/pricing';
import { defaultPricingFor } from '@stg/domain/pricing-defaults';
import { DEFAULT_SCHEDULING, formatWorkdayTime } from '@stg/domain/scheduling-preferences';
import { pricingInputs, vendors } from '../../db/schema';
import { startPricingOfVendorsInSetup } from './service';
import { createTestApp, TestClient } from '../../../test/test-app';

let app: FastifyInstance;
const PASSWORD = 'Sunny-Day-2026';

beforeAll(async () => {
  app = await createTestApp({ now: () => new Date('2026-11-27T17:00:00Z') });
}, 60_000);
afterAll(() => app.close());

const address = { street_address: '100 N Main St', city: 'St George', state: 'UT', zip_code: '84770' };

async function signUp(category: Category, tag = ''): Promise<Vendor> {
  const client = new TestClient(app);
  await client.session();
  const email = `defaults-${category}${tag}@example.com`;
  const res = await client.request({
    method: 'POST',
    url: '/api/vendors',
    payload: {
      vendor: {
        name: `New ${category}`,
        category,
        email: `office+${email}`,
        phone_number: '4355551234',
        address_attributes: address,
        users_attributes: [
          {
            first_name: 'Dana',
            last_name: 'Lund',
            email,
            phone_number: '4355554321',
            password: PASSWORD,
            password_confirmation: PASSWORD,
          },
        ],
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return vendorSchema.parse(res.json().vendor);
}

/** What a typical customer answers: each question's default, else its first choice. */
function typicalAnswers(vendor: Vendor): Record<string, string> {
  const answers = initialSelections(vendor.pricingInputs);
  for (const input of vendor.pricingInputs) {
    const first = input.pricingInputOptions.find((o) => o.optionType === null);
    if (answers[String(input.id)] === undefined && first) answers[String(input.id)] = String(first.value);
  }
  return answers;
}

describe('a new vendor starts from its category’s defaults (issue 25)', () => {
  it.each(CATEGORIES)(
    '%s: default questions, formula, minimum price and scheduling rules',
    async (category) => {
      const defaults = defaultPricingFor(category);
      const vendor = await signUp(category);
      expect(vendor.pricingFormula).toBe(defaults.pricingFormula);
      expect(vendor.pricingFormula).not.toBe('x');
      expect(vendor.minPrice).toBe(defaults.minPrice);
      expect(
        vendor.pricingInputs.map((i) => ({
          name: i.name,
          alias: i.alias,
          inputType: i.inputType,
          recurring: i.recurring,
          options: i.pricingInputOptions.map((o) => [o.name, Number(o.value), o.default, o.optionType]),
        })),
      ).toEqual(
        defaults.pricingInputs.map((i) => ({
          name: i.name,
          alias: i.alias,
          inputType: i.inputType,
          recurring: false,
          options: i.pricingInputOptions.map((o) => [o.name, o.value, o.default === true, o.optionType]),
        })),
      );
      expect(vendor.priceToDurationRate).toBe(35);
      expect(vendor.cancelationPolicyHours).toBe(DEFAULT_CANCELATION_POLICY_HOURS);
      expect(vendor.calendar).toMatchObject({
        workdayStartTime: formatWorkdayTime(DEFAULT_SCHEDULING.workdayStartMinutes),
        workdayEndTime: formatWorkdayTime(DEFAULT_SCHEDULING.workdayEndMinutes),
        driveTimeBufferMins: DEFAULT_SCHEDULING.gapMinutes,
        bookingWindowStartDays: DEFAULT_SCHEDULING.minimumNoticeDays,
        bookingWindowEndDays: DEFAULT_SCHEDULING.bookingLimitDays,
      });

      // Once live, a customer's answers to the default questions give a real price, not $35.00 / 1.0 hr.
      await app.deps.db.update(vendors).set({ listingStatus: 'active' }).where(eq(vendors.id, vendor.id));
      const guest = new TestClient(app);
      await guest.session();
      const answers = typicalAnswers(vendor);
      expect(Object.keys(answers)).toHaveLength(vendor.pricingInputs.length);
      const res = await guest.request({
        method: 'POST',
        url: '/api/bookings',
        payload: { booking: { vendorId: vendor.id, answers } },
      });
      expect(res.statusCode, res.body).toBe(201);
      const booking = res.json().booking as { price: number; duration: number };
      const quote = quotePrice({
        formula: defaults.pricingFormula,
        minPriceCents: 3500,
        answers: answersFromSelections(vendor.pricingInputs, answers),
      });
      expect(quote.formulaOk).toBe(true);
      expect(booking.price).toBe(centsToDollars(quote.priceCents));
      expect(booking.price).toBeGreaterThan(35);
      expect(booking.duration).toBe(durationMinutes(quote.priceCents, 3500));
      expect(booking.duration).not.toBe(60);
    },
  );
});

describe('vendors in setup from before the defaults (ADR 0032)', () => {
  it('get their category’s default pricing at start-up; live vendors keep theirs; a second run does nothing', async () => {
    const db = app.deps.db;
    const legacy = async (category: Category, listingStatus: 'awaiting_submission' | 'active') => {
      const vendor = await signUp(category, '-legacy');
      await db.delete(pricingInputs).where(eq(pricingInputs.vendorId, vendor.id));
      await db.update(vendors).set({ pricingFormula: 'x', listingStatus }).where(eq(vendors.id, vendor.id));
      return vendor.id;
    };
    // The vendors of the tests above are live (and have their pricing): only these two are candidates.
    const inSetup = await legacy('pest_control', 'awaiting_submission');
    const live = await legacy('house_cleaning', 'active');
    expect(await startPricingOfVendorsInSetup(db, new Date('2026-11-27T18:00:00Z'))).toBe(1);
    const [setupRow] = await db.select().from(vendors).where(eq(vendors.id, inSetup));
    expect(setupRow!.pricingFormula).toBe(defaultPricingFor('pest_control').pricingFormula);
    const questions = await db.select().from(pricingInputs).where(eq(pricingInputs.vendorId, inSetup));
    expect(questions.map((q) => q.alias)).toEqual(['PLAN', 'SQFT', 'STORIES']);
    const [liveRow] = await db.select().from(vendors).where(eq(vendors.id, live));
    expect(liveRow!.pricingFormula).toBe('x');
    expect(await startPricingOfVendorsInSetup(db, new Date('2026-11-27T18:00:00Z'))).toBe(0);
  });
});
