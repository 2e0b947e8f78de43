import type { ReactElement } from 'react';
import { CustomerHeader } from './customer-header';
import { framedPageReady } from './framed-page-ready';
import { VendorHeader } from './vendor-header';

/**
 * The header of a signed-in user (spec §2): the vendor's in vendor view, else the customer's. In its own
 * chunk with the menus, drawers and view toggle it brings (signed-in-header-loader.ts): a visitor who
 * is not signed in never needs them, so the landing page's first bundle leaves them out (ADR 0023).
 */
export function renderSignedInHeader(vendorView: boolean): ReactElement {
  return vendorView ? <VendorHeader /> : <CustomerHeader />;
}

/**
 * renderSignedInHeader, once a page the server drew the frame of has its own chunks too: the first render
 * waits for it (main.tsx, signed-in-header-loader.ts, framed-page-ready.ts).
 */
export const ready: Promise<typeof renderSignedInHeader> = framedPageReady().then(() => renderSignedInHeader);
