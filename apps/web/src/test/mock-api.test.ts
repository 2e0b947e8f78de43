import { describe, expect, it } from 'vitest';
import { pathOf } from '@stg/domain/api/endpoint';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { paymentsApi } from '@stg/domain/api/payments.endpoints';
import { plansApi } from '@stg/domain/api/plans.endpoints';
import { reviewsApi } from '@stg/domain/api/reviews.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { at, callsTo, failOnUnmockedCalls, mockApi } from './mock-api';
import { customerSession } from './fixtures';

const orders = pathOf(ordersApi.customerOrders);

/** The message failOnUnmockedCalls() throws ('' when it does not). */
function checkMessage(): string {
  try {
    failOnUnmockedCalls();
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('mockApi: an unmocked call fails the test that made it', () => {
  it('answers an unmocked call 404 "No mock for …", and the check names it once, then is clear', async () => {
    const { calls } = mockApi({ [at(sessionApi.current)]: { body: customerSession } });

    const answer = await fetch(`${orders}?page=2`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ errors: [`No mock for ${at(ordersApi.customerOrders)}`] });
    expect(callsTo(calls, ordersApi.customerOrders)).toHaveLength(1);

    expect(checkMessage().split('\n')).toEqual([
      expect.stringMatching(/^1 API call\(s\) had no mock/),
      `  ${at(ordersApi.customerOrders)}?page=2`,
    ]);
    // The check clears the list: the next test starts with none.
    expect(checkMessage()).toBe('');
  });

  it('counts neither mocked routes nor the side requests whole pages make (answered as for a new account)', async () => {
    mockApi({ [at(sessionApi.current)]: { body: customerSession } });

    expect((await fetch(pathOf(sessionApi.current))).status).toBe(200);
    const reviews = await fetch(pathOf(reviewsApi.vendorReviews, { id: 7 }));
    expect(await reviews.json()).toMatchObject({ reviews: [], reviewCount: 0 });
    const config = await fetch(pathOf(paymentsApi.config));
    expect(await config.json()).toEqual({ provider: 'sandbox', publishableKey: null });
    const plans = await fetch(pathOf(plansApi.customerPlans));
    expect(await plans.json()).toEqual({ plans: [] });
    const vendorOrders = await fetch(`${pathOf(ordersApi.vendorOrders, { id: 7 })}?filter=all&limit=50`);
    expect(await vendorOrders.json()).toEqual({ orders: [], nextCursor: null });
    expect(await (await fetch(pathOf(vendorReadsApi.vendors))).json()).toEqual([]);

    expect(checkMessage()).toBe('');
  });

  it('lists each unmocked call once, with its method and query', async () => {
    mockApi({});
    await fetch(orders);
    await fetch(orders);
    await fetch(pathOf(ordersApi.cancel, { id: 5 }), { method: 'PATCH', body: '{}' });

    expect(checkMessage().split('\n')).toEqual([
      expect.stringMatching(/^3 API call\(s\) had no mock/),
      `  ${at(ordersApi.customerOrders)}`,
      `  ${at(ordersApi.cancel, { id: 5 })}`,
    ]);
  });

  // The web tests' setup (./setup.ts) runs the check after each test. This test makes an unmocked call and
  // no check of its own, so the setup's afterEach must fail it: `it.fails` passes only when the test fails.
  it.fails('the setup fails a test whose unmocked call nobody checked', async () => {
    mockApi({});
    const answer = await fetch(pathOf(paymentsApi.createPaymentIntent), { method: 'POST', body: '{}' });
    expect(answer.status).toBe(404);
  });
});
