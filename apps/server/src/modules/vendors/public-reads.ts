/**
 * The public answers of GET /api/vendors and GET /api/vendors/{id} as every visitor sees them, through
 * the public read cache (ADR 0022). The API routes send them; the web app's pages carry the same bodies
 * as their first data (ADR 0025), so both read one cache entry and can never disagree.
 */
import { z } from 'zod';
import { vendorCardSchema, vendorSchema } from '@stg/domain/api/vendors';
import type { Db } from '../../db/client';
import {
  representation,
  serializeWith,
  type PublicReadCache,
  type Representation,
} from '../public-read-cache/cache';
import { listActiveVendorCards, loadVendorDetail } from './repo';
import { presentVendor, presentVendorCard } from './presenter';

export const vendorCardsSchema = z.array(vendorCardSchema);
const serializeCards = serializeWith(vendorCardsSchema);
export const serializeVendor = serializeWith(vendorSchema);

export interface PublicReadsContext {
  cache: PublicReadCache;
  db: Db;
  urlFor: (key: string) => string;
}

/** GET /api/vendors: the active vendors' cards. */
export function publicVendorCards(
  { cache, db, urlFor }: PublicReadsContext,
  /** The public reads' version the request read already (req.publicReadVersion), if any. */
  version?: number | null,
): Promise<Representation> {
  return cache.get(
    'vendors',
    async () => {
      const rows = await listActiveVendorCards(db);
      return representation(serializeCards(rows.map((row) => presentVendorCard(row, urlFor))));
    },
    version,
  );
}

/**
 * GET /api/vendors/{id} as anyone but its owner sees it: only an active listing is public, anything
 * else (unknown, inactive, in review) is null ("Vendor not found").
 */
export function publicVendor(
  { cache, db, urlFor }: PublicReadsContext,
  id: number,
  /** As publicVendorCards'. */
  version?: number | null,
): Promise<Representation | null> {
  return cache.get(
    `vendor:${id}`,
    async () => {
      const detail = await loadVendorDetail(db, id);
      if (!detail || detail.card.vendor.listingStatus !== 'active') return null;
      return representation(serializeVendor(presentVendor(detail, urlFor, { owner: false })));
    },
    version,
  );
}
