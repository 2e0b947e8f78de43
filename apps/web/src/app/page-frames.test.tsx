import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathOf } from '@stg/domain/api/endpoint';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { pageFrame } from '@stg/domain/page-frames';
import type { Session } from '@stg/domain/api/session';
import { customerAddress, customerSession, operatorSession, vendorSession } from '../test/fixtures';
import { LAZY, renderApp } from '../test/render-app';

/**
 * The server writes a signed-in page's frame into #root (ADR 0041, @stg/domain/page-frames); React's
 * first render replaces it. Each frame must be what React draws, element for element: the same tags,
 * attributes and words, in the same places (a frame may stop early: what follows is drawn by React alone).
 */

/** Where the frame differs from the rendered page; empty when the frame is a prefix of it. */
function differences(frame: Node, page: Node | undefined, at: string): string[] {
  if (!page) return [`${at}: missing from the page`];
  if (frame.nodeType === Node.TEXT_NODE || page.nodeType === Node.TEXT_NODE)
    return frame.nodeType === page.nodeType && frame.textContent === page.textContent
      ? []
      : [`${at}: ${JSON.stringify(frame.textContent)} against ${JSON.stringify(page.textContent)}`];
  const f = frame as Element;
  const p = page as Element;
  if (f.tagName !== p.tagName) return [`${at}: <${f.tagName}> against <${p.tagName}>`];
  const here = `${at} > ${f.tagName.toLowerCase()}${f.getAttribute('class') ? `.${f.getAttribute('class')!.split(' ').join('.')}` : ''}`;
  const attrs = (e: Element) =>
    [...e.attributes]
      // The frame's mark, for the app's start-up (layouts/framed-page-ready.ts).
      .filter((a) => a.name !== 'data-frame')
      // useId's ids (`_r_1_`) differ from the frame's fixed ones: that an id is there is what counts.
      .map((a) => `${a.name}=${/^(id|aria-controls)$/.test(a.name) && /^_r_/.test(a.value) ? 'ID' : a.value}`)
      .sort()
      .join(' ');
  const found: string[] = [];
  const fAttrs = attrs(f).replace(/(id|aria-controls)=location-note/g, '$1=ID');
  if (fAttrs !== attrs(p)) found.push(`${here}: [${fAttrs}] against [${attrs(p)}]`);
  const pageChildren = [...p.childNodes];
  [...f.childNodes].forEach((child, i) => found.push(...differences(child, pageChildren[i], here)));
  return found;
}

function stubApi(session: Session) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (new URL(url, 'http://localhost').pathname === pathOf(sessionApi.current))
        return new Response(JSON.stringify(session), {
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'token-1' },
        });
      // The page's own data stays on its way, as on the first render.
      return new Promise<Response>(() => undefined);
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

const vendorWithAddress = vendorSession();

describe('page frames', () => {
  it.each([
    ['a customer', customerSession, '/orders', 'Orders'],
    ['a customer', customerSession, '/vendors/1', null],
    ['an operator', operatorSession, '/operator', 'Operator Console'],
    ['a vendor', vendorWithAddress, '/dashboard/orders', 'Order History'],
    ['a vendor', vendorWithAddress, '/dashboard/orders?filter=past', 'Order History'],
    ['a vendor', vendorWithAddress, '/dashboard/pricing', 'Pricing Preferences'],
    ['a vendor', vendorWithAddress, '/dashboard/scheduling', 'Scheduling Preferences'],
    ['a vendor', vendorWithAddress, '/dashboard/earnings', 'Earnings and Payouts'],
  ])('%s at %s: the frame is what React draws first', async (_who, session, address, title) => {
    const [pathname = '/', search = ''] = address.split('?');
    const html = pageFrame(pathname, new URLSearchParams(search), session);
    expect(html).not.toBeNull();
    stubApi(session);
    const { container } = renderApp(address);
    if (title) await screen.findByRole('heading', { level: 1, name: title }, LAZY);
    else await screen.findByText('Loading provider…', {}, LAZY);
    const frame = document.createElement('div');
    frame.innerHTML = html!;
    frame.normalize();
    container.normalize();
    expect(frame.querySelectorAll('*').length).toBeGreaterThan(20);
    // Here the session comes from a fetch, not with the page as in the app: 'Loading provider…' can show
    // under the signed-out header before the session's answer is drawn. Once drawn, the page stays in the
    // frame's state (its own data never comes), so a frame that differs still fails, after the wait.
    await waitFor(() => expect(differences(frame, container, '')).toEqual([]), LAZY);
  });

  it('draws the address the customer picked, escaped', () => {
    const session = {
      ...customerSession,
      addresses: [{ ...customerAddress, streetAddress: '5 <Elm> & Oak' }],
    };
    const html = pageFrame('/orders', new URLSearchParams(), session)!;
    expect(html).toContain('5 &lt;Elm&gt; &amp; Oak');
  });

  it.each([
    ['a guest', { ...customerSession, user: null, addresses: [] }, '/orders'],
    ['a customer at a vendor page', customerSession, '/dashboard/orders'],
    ['a customer at the console', customerSession, '/operator'],
    ['a vendor outside the dashboard', vendorWithAddress, '/orders'],
    [
      'a vendor whose listing is in setup',
      vendorSession({ listingStatus: 'awaiting_submission' }),
      '/dashboard/orders',
    ],
    ['a vendor at a section without a frame', vendorWithAddress, '/dashboard/support'],
    ['a customer at a page without a frame', customerSession, '/account'],
  ])('draws no frame for %s (%s)', (_who, session, address) => {
    expect(pageFrame(address, new URLSearchParams(), session)).toBeNull();
  });
});
