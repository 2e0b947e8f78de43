import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@stg/domain/validation';
import { notFound } from '../../http/errors';
import { parseId } from '../../http/params';
import { listActiveVendorCards, loadVendorDetail } from './repo';
import { presentVendor, presentVendorCard } from './presenter';

export async function vendorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const urlFor = (key: string) => app.deps.storage.url(key);

  r.get(
    '/api/vendors',
    { schema: { tags: ['vendors'], summary: 'Active vendors, as their cards need' } },
    async () => {
      const rows = await listActiveVendorCards(app.deps.db);
      return rows.map((row) => presentVendorCard(row, urlFor));
    },
  );

  r.get(
    '/api/vendors/:id',
    {
      schema: {
        tags: ['vendors'],
        summary: 'One vendor with everything the provider page needs',
        params: z.object({ id: z.string() }),
      },
    },
    async (req) => {
      const id = parseId(req.params.id);
      if (id === null) throw notFound(MESSAGES.vendorNotFound);
      const detail = await loadVendorDetail(app.deps.db, id);
      const owner = req.user?.vendorId === id;
      // Only active listings are public; the owner always sees their own.
      if (!detail || (detail.card.vendor.listingStatus !== 'active' && !owner))
        throw notFound(MESSAGES.vendorNotFound);
      return presentVendor(detail, urlFor, { owner });
    },
  );
}
