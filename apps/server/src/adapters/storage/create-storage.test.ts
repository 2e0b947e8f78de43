import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { storeImage } from '../../modules/images/image-service';
import { createTestDatabase } from '../../../test/test-db';
import * as f from '../../../test/fixtures/images/image-fixtures';
import { createStorage } from './create-storage';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';

describe('storage configuration', () => {
  it('defaults to the local folder DATA_DIR/uploads, treating empty values as unset', async () => {
    for (const env of [
      { DATA_DIR: '/srv/data' },
      { DATA_DIR: '/srv/data', STORAGE_DRIVER: '', S3_BUCKET: '' },
    ]) {
      const config = loadConfig(env);
      expect(config).toMatchObject({
        STORAGE_DRIVER: 'local',
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: false,
      });
      const storage = await createStorage(config);
      expect(storage).toBeInstanceOf(LocalStorage);
      expect(storage.root).toBe(path.resolve('/srv/data/uploads'));
      expect(storage.url('logo/a.webp')).toBe('/uploads/logo/a.webp');
    }
  });

  it('reads the S3 settings', async () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'my-bucket.example',
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.example.com',
    });
    expect(config).toMatchObject({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'my-bucket.example',
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: true,
      S3_PUBLIC_URL: 'https://cdn.example.com',
    });
    const storage = (await createStorage(config)) as S3Storage;
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.bucket).toBe('my-bucket.example');
    expect(storage.url('gallery/b.webp')).toBe('https://cdn.example.com/gallery/b.webp');
    storage.close();
  });

  it('names each wrong storage setting', () => {
    const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'uploads' };
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER: must be local or s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET: is required when STORAGE_DRIVER=s3/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'uploads' })).toThrow(
      /S3_BUCKET: is set but STORAGE_DRIVER is not s3/,
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'localhost:9000' })).toThrow(
      /S3_ENDPOINT: must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ ...s3, S3_PUBLIC_URL: 'ftp://cdn' })).toThrow(
      /S3_PUBLIC_URL: must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE: must be true or false/,
    );
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY: must be set together with S3_ACCESS_KEY_ID/,
    );
    // Without a key pair the SDK's own chain (AWS_* variables, an instance role) is used.
    expect(loadConfig(s3).S3_ACCESS_KEY_ID).toBeUndefined();
  });
});

describe('LocalStorage', () => {
  it('writes whole files (no temporary file left), reads them back, and answers null for a missing one', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    try {
      const storage = new LocalStorage(root);
      await storage.put('gallery/a.webp', Buffer.from('image'), 'image/webp');
      expect(fs.readdirSync(path.join(root, 'gallery'))).toEqual(['a.webp']);
      expect((await storage.get('gallery/a.webp'))?.toString()).toBe('image');
      expect(await storage.get('gallery/none.webp')).toBeNull();
      expect(await storage.get('gallery/a.webp/deeper.webp')).toBeNull();
      await storage.delete('gallery/a.webp');
      await storage.delete('gallery/a.webp');
      expect(fs.readdirSync(path.join(root, 'gallery'))).toEqual([]);
      await expect(storage.put('../outside.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('Unsafe');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the app with the local folder', () => {
  it('serves stored images as static files, typed by their extension and never sniffed', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    const storage = new LocalStorage(root);
    const app = await buildApp({ database: await createTestDatabase(), storage, uploadsDir: storage.root });
    try {
      const stored = await storeImage(app.deps.db, storage, { data: await f.png(), kind: 'logo' });
      const res = await app.inject({ method: 'GET', url: stored.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.rawPayload.equals((await storage.get(stored.storageKey))!)).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/uploads/logo/missing.webp' })).statusCode).toBe(404);
    } finally {
      await app.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
