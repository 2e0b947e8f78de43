import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { pathOf } from '@stg/domain/api/endpoint';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { vendorReadsApi } from '@stg/domain/api/vendor-reads.endpoints';
import { vendorsQueryOptions } from './vendors/vendors-query';
import { ServicesPage } from '../features/catalog/routes/services-page';
import { vendorQueryOptions } from './vendors/vendor-query';
import { customerAddress, customerUser, makeCard, makeVendor } from '../test/fixtures';
import { at, mockApi } from '../test/mock-api';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { call, urlOf } from './api-client';
import { BOOT_DATA_ID, primeQueryClient, readBootData, type BootData } from './boot-data';
import { STORAGE_KEYS } from './browser-storage';
import { createQueryClient } from './query-client';
import { SESSION_QUERY_KEY, sessionQueryOptions } from './session/session-query';

/** Writes the block the server puts in the page (escaped as it escapes it). */
function writeBootData(data: unknown) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = BOOT_DATA_ID;
  el.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
  document.body.append(el);
}

/** The addresses the boot data names its answers by. */
const SESSION = pathOf(sessionApi.current);
const VENDORS = pathOf(vendorReadsApi.vendors);
const VENDOR_3 = pathOf(vendorReadsApi.vendor, { id: 3 });
/** An address the first render reads nothing from. */
const NOT_READ = pathOf(supportApi.health);

const card = makeCard({ id: 3, name: 'Shine </script> Co', category: 'house_cleaning' });
const vendor = makeVendor({ id: 3 });

afterEach(() => {
  document.getElementById(BOOT_DATA_ID)?.remove();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('readBootData', () => {
  it('reads the block, and nothing when it is missing or unreadable', () => {
    expect(readBootData()).toBeNull();
    writeBootData({ at: 5, answers: { [VENDORS]: [card] } });
    expect(readBootData()).toEqual({ at: 5, answers: { [VENDORS]: [card] } });
    document.getElementById(BOOT_DATA_ID)!.textContent = '{"at":';
    expect(readBootData()).toBeNull();
    document.getElementById(BOOT_DATA_ID)!.textContent = '{"answers":{}}';
    expect(readBootData()).toBeNull();
  });
});

describe('primeQueryClient', () => {
  const now = 1_800_000_000_000;
  const prime = (boot: BootData): QueryClient => {
    const client = createQueryClient();
    primeQueryClient(client, boot, now);
    return client;
  };

  it('puts each answer under the key its hook reads, as the hook’s queryFn reads it', () => {
    const client = prime({
      at: now - 1_000,
      answers: {
        [SESSION]: { user: customerUser, addresses: [customerAddress] },
        [VENDORS]: [card],
        [VENDOR_3]: vendor,
        [NOT_READ]: { ignored: true },
      },
    });
    // The session is normalized (missing lists default to empty) and its user remembered, as fetchSession does.
    expect(client.getQueryData(sessionQueryOptions().queryKey)).toEqual({
      user: customerUser,
      addresses: [customerAddress],
      orders: [],
      vendor: null,
      bookings: [],
      guestInputs: {},
    });
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.user)!)).toEqual(customerUser);
    expect(client.getQueryData(vendorsQueryOptions().queryKey)).toEqual([card]);
    expect(client.getQueryData(vendorQueryOptions(3).queryKey)).toEqual(vendor);
    expect(client.getQueryCache().getAll()).toHaveLength(3);
    for (const query of client.getQueryCache().getAll()) expect(query.state.dataUpdatedAt).toBe(now - 1_000);
  });

  it('counts the data as fetched when the server read it, never later than now', () => {
    const ahead = prime({ at: now + 60_000, answers: { [VENDORS]: [card] } });
    expect(ahead.getQueryState(vendorsQueryOptions().queryKey)?.dataUpdatedAt).toBe(now);
    const signedOut = prime({ at: now, answers: { [SESSION]: { user: null } } });
    expect(signedOut.getQueryData(SESSION_QUERY_KEY)).toMatchObject({ user: null, orders: [] });
    expect(sessionStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});

/** Renders one hook's data, as a page would. */
function Vendors() {
  const { data } = useQuery(vendorsQueryOptions());
  return <p>{data ? data.map((v) => v.name).join(', ') : 'loading'}</p>;
}

describe('createQueryClient with the page’s boot data', () => {
  it('keeps the answers no query is primed with for the API client’s first GET of their address', async () => {
    const orders = urlOf(ordersApi.customerOrders);
    const api = mockApi({ [at(ordersApi.customerOrders)]: { body: { orders: [] } } });
    writeBootData({ at: Date.now(), answers: { [orders]: { orders: [] } } });
    createQueryClient();
    await expect(call(ordersApi.customerOrders)).resolves.toEqual({ orders: [] });
    expect(api.calls).toEqual([]);
    await call(ordersApi.customerOrders);
    expect(api.calls).toHaveLength(1);
  });

  it('renders the data at the first render, without asking the API', () => {
    const api = mockApi({});
    writeBootData({ at: Date.now(), answers: { [VENDORS]: [card] } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Vendors />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Shine </script> Co')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('data older than its staleness (a page the browser kept) is shown, then fetched again', async () => {
    const api = mockApi({ [at(vendorReadsApi.vendors)]: { body: [{ ...card, name: 'Fresh Name' }] } });
    writeBootData({ at: Date.now() - 10 * 60_000, answers: { [VENDORS]: [card] } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Vendors />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Shine </script> Co')).toBeTruthy();
    expect(await screen.findByText('Fresh Name')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual([VENDORS]);
  });

  it('the services page draws its cards at once, its first cover loaded eagerly as the server preloads it', () => {
    const api = mockApi({});
    writeBootData({
      at: Date.now(),
      answers: {
        [SESSION]: { user: null },
        [VENDORS]: [
          { ...card, thumbnailImageUrl: '/u/b-thumb.webp', bannerImageUrl: '/u/b.webp' },
          makeCard({ id: 4, name: 'Second', category: 'house_cleaning' }),
        ],
      },
    });
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/services?category=all']}>
          <ServicesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Shine </script> Co' })).toBeTruthy();
    const cover = container.querySelector('img.vendor-card__cover')!;
    expect(cover.getAttribute('src')).toBe('/u/b-thumb.webp');
    expect(cover.getAttribute('srcset')).toBe('/u/b-thumb.webp 480w, /u/b.webp 1600w');
    expect(cover.getAttribute('sizes')).toBe(
      '(min-width: 1200px) 282px, (min-width: 960px) 23vw, (min-width: 560px) 47vw, 94vw',
    );
    expect(cover.getAttribute('fetchpriority')).toBe('high');
    expect(api.calls).toEqual([]);
  });
});
