/* eslint-disable boundaries/no-api-path-literal -- these tests hold pathOf, routeKey and matchesPath to the addresses written out */
import { describe, expect, it } from 'vitest';
import { endpoint, matchesPath, pathOf, pathParamNames, queryString, routeKey } from './endpoint';
import { ordersApi } from './orders.endpoints';

describe('endpoint objects (ADR 0031)', () => {
  it('fill their params in, encoded', () => {
    expect(pathOf(ordersApi.vendorOrder, { id: 7, orderId: 100 })).toBe('/api/vendors/7/orders/100');
    expect(pathOf(ordersApi.cancel, { id: 'a b/c' })).toBe('/api/orders/a%20b%2Fc/cancel-order');
    expect(pathOf(ordersApi.customerOrders)).toBe('/api/orders');
    expect(routeKey(ordersApi.cancel, { id: 5 })).toBe('PATCH /api/orders/5/cancel-order');
  });

  it('refuse a missing param rather than send ":id"', () => {
    expect(() => pathOf(ordersApi.cancel, {} as { id: number })).toThrow(/no value for :id/);
  });

  it('name their params in order', () => {
    expect(pathParamNames('/api/vendors/:id/orders/:orderId')).toEqual(['id', 'orderId']);
    expect(pathParamNames('/api/orders')).toEqual([]);
  });

  it('build a query string without the values left out', () => {
    expect(queryString({ filter: 'active', limit: 50, cursor: undefined, x: null })).toBe(
      '?filter=active&limit=50',
    );
    expect(queryString({ q: 'a&b c', ids: [1, 2] })).toBe('?q=a%26b%20c&ids=1&ids=2');
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
  });

  it('recognise their own addresses only', () => {
    expect(matchesPath(ordersApi.vendorOrders, '/api/vendors/7/orders')).toBe(true);
    expect(matchesPath(ordersApi.vendorOrders, '/api/vendors/7/orders/100')).toBe(false);
    expect(matchesPath(ordersApi.vendorOrders, '/api/vendors//orders')).toBe(false);
    expect(matchesPath(ordersApi.customerOrders, '/api/orders')).toBe(true);
  });

  it('load their schemas once', async () => {
    let loads = 0;
    const e = endpoint({
      method: 'GET',
      path: '/api/x',
      summary: 'x',
      tags: [],
      schemas: async () => {
        loads += 1;
        return { responses: {} };
      },
    });
    await Promise.all([e.schemas(), e.schemas()]);
    await e.schemas();
    expect(loads).toBe(1);
  });

  it('must be under /api/', () => {
    expect(() =>
      endpoint({
        method: 'GET',
        path: '/orders',
        summary: '',
        tags: [],
        schemas: async () => ({ responses: {} }),
      }),
    ).toThrow(/starts with \/api\//);
  });
});
