/**
 * GET /uploads/* read through the storage, for stores that are not a local folder (S3 without a public
 * URL, memory in tests). A local folder is served as static files instead (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@stg/domain/validation';
import { contentTypeForKey, isSafeKey, STORED_FILE_CACHE_CONTROL, type Storage } from './storage';

export async function uploadsFromStorage(app: FastifyInstance, opts: { storage: Storage }) {
  app.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const data = isSafeKey(key) ? await opts.storage.get(key) : null;
    if (!data) return reply.status(404).send({ errors: [MESSAGES.notFound] });
    return reply
      .header('Content-Type', contentTypeForKey(key))
      .header('Cache-Control', STORED_FILE_CACHE_CONTROL)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(data);
  });
}
