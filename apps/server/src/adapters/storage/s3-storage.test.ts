/** S3Storage against a real S3 server on this machine: s3rver, in process, files in a temporary folder. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { storeImage } from '../../modules/images/image-service';
import { createTestDatabase } from '../../../test/test-db';
import * as f from '../../../test/fixtures/images/image-fixtures';
import { createStorage } from './create-storage';
import { S3Storage, type S3StorageOptions } from './s3-storage';

const BUCKET = 'marketplace-uploads';
let server: S3rver;
let folder: string;
let endpoint: string;
const opened: S3Storage[] = [];

/** One S3Storage, as one server process would make it from its environment. */
function instance(overrides: Partial<S3StorageOptions> = {}) {
  const storage = new S3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER', // s3rver's own key pair
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    ...overrides,
  });
  opened.push(storage);
  return storage;
}

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const s of opened) s.close();
  await server.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('S3Storage', () => {
  it('puts, gets and deletes files; a missing file is null and deleting it again is no error', async () => {
    const storage = instance();
    const data = await f.webp();
    await storage.put('gallery/abc.webp', data, 'image/webp');
    expect((await storage.get('gallery/abc.webp'))?.equals(data)).toBe(true);
    const raw = await storage.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'gallery/abc.webp' }));
    expect(raw.ContentType).toBe('image/webp');
    expect(raw.CacheControl).toBe('public, max-age=31536000, immutable');
    await storage.delete('gallery/abc.webp');
    expect(await storage.get('gallery/abc.webp')).toBeNull();
    await storage.delete('gallery/abc.webp');
    expect(await storage.get('never/was.webp')).toBeNull();
  });

  it('refuses keys that are not plain relative paths', async () => {
    const storage = instance();
    for (const key of ['../etc/passwd', '/abs.webp', 'a//b.webp', 'a/../../b.webp', ''])
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('Unsafe storage key');
  });

  it('gives URLs under S3_PUBLIC_URL, or the app’s /uploads/ without it', () => {
    expect(instance().url('banner/x-thumb.webp')).toBe('/uploads/banner/x-thumb.webp');
    expect(instance({ publicUrl: 'https://cdn.example.com/media/' }).url('logo/y.webp')).toBe(
      'https://cdn.example.com/media/logo/y.webp',
    );
  });

  it('shares files between instances: what one process stores, another reads and deletes', async () => {
    const first = instance();
    const second = instance();
    await first.put('logo/shared.webp', Buffer.from('made by the first'), 'image/webp');
    expect((await second.get('logo/shared.webp'))?.toString()).toBe('made by the first');
    await second.delete('logo/shared.webp');
    expect(await first.get('logo/shared.webp')).toBeNull();
  });

  it('fails loudly on wrong credentials or a missing bucket rather than losing files', async () => {
    // s3rver knows its access key id but does not verify version 4 signatures: an unknown key is the test.
    const wrongKey = instance({ accessKeyId: 'NOT-A-KEY' });
    await expect(wrongKey.put('logo/z.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      'The AWS Access Key Id you provided does not exist',
    );
    const noBucket = instance({ bucket: 'no-such-bucket' });
    await expect(noBucket.get('logo/z.webp')).rejects.toThrow();
    await expect(noBucket.check()).rejects.toThrow('S3 bucket "no-such-bucket" cannot be reached (HTTP 404)');
    await expect(instance().check()).resolves.toBeUndefined();
  });

  it('is what STORAGE_DRIVER=s3 makes from the environment', async () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const storage = await createStorage(config);
    expect(storage).toBeInstanceOf(S3Storage);
    opened.push(storage as S3Storage);
    expect(storage.root).toBeUndefined();
    await storage.put('avatar/env.webp', Buffer.from('from env'), 'image/webp');
    expect((await instance().get('avatar/env.webp'))?.toString()).toBe('from env');
  });
});

describe('the app with S3 storage and no public URL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ database: await createTestDatabase(), storage: instance() });
  });
  afterAll(() => app.close());

  it('serves /uploads/* from the bucket, including files another instance stored', async () => {
    const other = instance();
    const stored = await storeImage(app.deps.db, other, { data: await f.jpeg(), kind: 'banner' });
    expect(stored.url).toBe(`/uploads/${stored.storageKey}`);
    for (const key of [stored.storageKey, stored.thumbnailKey!]) {
      const res = await app.inject({ method: 'GET', url: `/uploads/${key}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals((await other.get(key))!)).toBe(true);
    }
  });

  it('answers 404 for a missing file or a key that climbs out', async () => {
    for (const url of [
      '/uploads/gallery/missing.webp',
      '/uploads/../config.ts',
      '/uploads/a/%2e%2e/b.webp',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ errors: ['Not found'] });
    }
  });
});
