import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { LocalStorage, MemoryStorage } from '../../adapters/storage/local-storage';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { images } from '../../db/schema';
import { HttpError, registerErrorHandling } from '../../http/errors';
import { createTestDatabase } from '../../../test/test-db';
import * as f from '../../../test/fixtures/images/image-fixtures';
import { IMAGE_MESSAGES, ImageRejectedError, MAX_UPLOAD_BYTES } from './image-rules';
import {
  deleteImage,
  processImage,
  rasterizeOwnSvg,
  removeImageFiles,
  storeImage,
  type ImageKind,
} from './image-service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(images);
});

const imageRows = async () => (await database.db.select({ n: count() }).from(images))[0]!.n;
const isWebp = (b: Buffer) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP';

describe('storeImage accepts JPEG, PNG and WebP and stores them re-encoded', () => {
  const cases: [string, () => Promise<Buffer>][] = [
    ['JPEG', () => f.jpeg(640, 400)],
    ['progressive JPEG', () => f.progressiveJpeg(640, 400)],
    ['PNG', () => f.png(640, 400)],
    ['PNG with transparency', () => f.pngWithAlpha(640, 400)],
    ['WebP', () => f.webp(640, 400)],
    ['lossless WebP', () => f.webpLossless(640, 400)],
  ];
  it.each(cases)('%s', async (_name, make) => {
    const storage = new MemoryStorage();
    const stored = await storeImage(database.db, storage, {
      data: await make(),
      kind: 'gallery',
      position: 3,
    });
    expect(stored).toMatchObject({ width: 640, height: 400, url: `/uploads/${stored.storageKey}` });
    expect(stored.storageKey).toMatch(/^gallery\/[\w-]{16}\.webp$/);
    const main = storage.files.get(stored.storageKey)!;
    const thumb = storage.files.get(stored.thumbnailKey!)!;
    expect(main.contentType).toBe('image/webp');
    expect(isWebp(main.data) && isWebp(thumb.data)).toBe(true);
    const meta = await sharp(main.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 400 });
    expect(meta.exif ?? meta.xmp ?? meta.icc ?? meta.iptc).toBeUndefined();
    expect(await sharp(thumb.data).metadata()).toMatchObject({ width: 480, height: 300 });
    const [row] = await database.db.select().from(images).where(eq(images.id, stored.id));
    expect(row).toMatchObject({
      blobId: stored.blobId,
      kind: 'gallery',
      contentType: 'image/webp',
      byteSize: main.data.length,
      width: 640,
      height: 400,
      storageKey: stored.storageKey,
      thumbnailKey: stored.thumbnailKey,
      position: 3,
    });
  });

  it('bounds the size per kind, never enlarges, and gives banners and gallery images a thumbnail', async () => {
    const storage = new MemoryStorage();
    const big = await f.jpeg(3000, 1500);
    const sizes: Record<ImageKind, [number, number, boolean]> = {
      logo: [512, 256, false],
      banner: [2000, 1000, true],
      gallery: [2000, 1000, true],
      avatar: [256, 128, false],
    };
    for (const [kind, [w, h, thumb]] of Object.entries(sizes) as [ImageKind, [number, number, boolean]][]) {
      const stored = await storeImage(database.db, storage, { data: big, kind });
      expect([stored.width, stored.height, stored.thumbnailKey !== null], kind).toEqual([w, h, thumb]);
    }
    const small = await storeImage(database.db, storage, { data: await f.png(100, 80), kind: 'banner' });
    expect([small.width, small.height]).toEqual([100, 80]);
    expect(await sharp(storage.files.get(small.thumbnailKey!)!.data).metadata()).toMatchObject({
      width: 100,
      height: 80,
    });
  });

  it('turns a photo upright by its EXIF orientation, then drops EXIF and GPS entirely', async () => {
    const upload = await f.jpegWithExifGps(300, 200);
    const before = await sharp(upload).metadata();
    expect(before).toMatchObject({ orientation: 6, width: 300, height: 200 });
    expect(upload.includes(f.GPS_MARKER)).toBe(true);
    const storage = new MemoryStorage();
    const stored = await storeImage(database.db, storage, { data: upload, kind: 'gallery' });
    expect([stored.width, stored.height]).toEqual([200, 300]); // turned 90°
    for (const key of [stored.storageKey, stored.thumbnailKey!]) {
      const out = storage.files.get(key)!.data;
      const meta = await sharp(out).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.xmp ?? meta.icc ?? meta.iptc).toBeUndefined();
      expect(out.includes(f.GPS_MARKER)).toBe(false);
      expect(out.includes('EXIF') || out.includes('Exif')).toBe(false);
    }
  });

  it('stores the server-drawn SVG of the demo data once it is rasterised', async () => {
    const storage = new MemoryStorage();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#0a7"/></svg>';
    await expect(storeImage(database.db, storage, { data: Buffer.from(svg), kind: 'logo' })).rejects.toThrow(
      IMAGE_MESSAGES.notAnImage,
    );
    const stored = await storeImage(database.db, storage, { data: await rasterizeOwnSvg(svg), kind: 'logo' });
    expect([stored.width, stored.height]).toEqual([256, 256]);
  });

  it('stores what processImage checked beforehand (every file of a request checked before any is stored)', async () => {
    const storage = new MemoryStorage();
    const processed = await Promise.all(
      [f.jpeg(), f.png()].map(async (p) => processImage(await p, 'gallery')),
    );
    expect(storage.files.size).toBe(0);
    const stored = await storeImage(database.db, storage, {
      processed: processed[1]!,
      vendorId: null,
      position: 1,
    });
    expect(storage.files.size).toBe(2);
    expect(stored.thumbnailUrl).toBe(`/uploads/${stored.thumbnailKey}`);
  });
});

describe('storeImage refuses hostile and broken files, leaving nothing behind', () => {
  const hostile: [string, () => Promise<Buffer> | Buffer, string][] = [
    ['an SVG with script', () => Buffer.from(f.SCRIPT_SVG), IMAGE_MESSAGES.notAnImage],
    ['a ZIP archive', () => f.zipArchive({ 'shell.php': f.WEB_SHELL }), IMAGE_MESSAGES.notAnImage],
    ['an HTML page', () => Buffer.from(f.HTML_PAGE), IMAGE_MESSAGES.notAnImage],
    ['a PDF', () => Buffer.from(f.PDF), IMAGE_MESSAGES.notAnImage],
    ['a text file', () => Buffer.from('hello\n'), IMAGE_MESSAGES.notAnImage],
    ['a GIF', () => f.gif(), IMAGE_MESSAGES.notAnImage],
    ['an empty file', () => Buffer.alloc(0), IMAGE_MESSAGES.notAnImage],
    [
      'a truncated JPEG',
      async () => {
        const j = await f.jpeg(640, 400);
        return j.subarray(0, Math.floor(j.length / 2));
      },
      IMAGE_MESSAGES.notAnImage,
    ],
    [
      'a JPEG + ZIP polyglot',
      async () => {
        const j = await f.jpeg();
        return Buffer.concat([j, f.zipArchive({ 'shell.php': f.WEB_SHELL }, j.length)]);
      },
      IMAGE_MESSAGES.hiddenData,
    ],
    [
      'a PNG with HTML after IEND',
      async () => Buffer.concat([await f.png(), Buffer.from(f.HTML_PAGE)]),
      IMAGE_MESSAGES.hiddenData,
    ],
    [
      'a JPEG with PHP in a comment',
      async () => f.withJpegSegments(await f.jpeg(), f.jpegSegment(0xfe, Buffer.from(f.WEB_SHELL))),
      IMAGE_MESSAGES.hiddenData,
    ],
    ['a PNG pixel bomb (10000 × 10000 in 12 KB)', () => f.pngBomb(10_000), IMAGE_MESSAGES.tooManyPixels],
    [
      'a PNG declaring 50000 × 50000',
      async () => f.withPngDimensions(await f.png(), 50_000, 50_000),
      IMAGE_MESSAGES.tooManyPixels,
    ],
    [
      'a file over 10 MB',
      async () => Buffer.concat([await f.jpeg(), Buffer.alloc(MAX_UPLOAD_BYTES)]),
      IMAGE_MESSAGES.tooLarge,
    ],
    [
      // Segments intact, but a frame header the decoder cannot read (7 colour components): only it can tell.
      'a JPEG with a damaged frame header',
      async () => {
        const j = Buffer.from(await f.jpeg(640, 400));
        j[j.indexOf(Buffer.from([0xff, 0xc0])) + 9] = 7;
        return j;
      },
      IMAGE_MESSAGES.notAnImage,
    ],
  ];

  it.each(hostile)('%s', async (_name, make, message) => {
    const memory = new MemoryStorage();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    const local = new LocalStorage(folder);
    try {
      const data = await make();
      for (const storage of [memory, local] as Storage[]) {
        const err = await storeImage(database.db, storage, { data, kind: 'gallery' }).catch(
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(ImageRejectedError);
        expect((err as ImageRejectedError).message).toBe(message);
      }
      expect(memory.files.size).toBe(0);
      expect(fs.readdirSync(folder)).toEqual([]);
      expect(await imageRows()).toBe(0);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is a 422 with { errors: [message] } through the API error handler', async () => {
    const err = await processImage(Buffer.from(f.SCRIPT_SVG), 'logo').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 422, reason: 'notAnImage', errors: [IMAGE_MESSAGES.notAnImage] });
    const app = Fastify();
    registerErrorHandling(app);
    app.post('/upload', async () => processImage(Buffer.from(f.HTML_PAGE), 'gallery'));
    const res = await app.inject({ method: 'POST', url: '/upload' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: ['File must be an image (JPEG, PNG or WebP).'] });
    await app.close();
  });
});

describe('storeImage removes what it stored when a later step fails', () => {
  /** Memory storage whose nth put fails (after writing, as a store failing half way might). */
  class FailingStorage extends MemoryStorage {
    puts = 0;
    constructor(private readonly failOn: number) {
      super();
    }
    override async put(key: string, data: Buffer, contentType: string) {
      this.puts++;
      await super.put(key, data, contentType);
      if (this.puts === this.failOn) throw new Error('storage unavailable');
    }
  }

  it('the second file cannot be stored', async () => {
    const storage = new FailingStorage(2);
    await expect(storeImage(database.db, storage, { data: await f.jpeg(), kind: 'banner' })).rejects.toThrow(
      'storage unavailable',
    );
    expect(storage.puts).toBe(2);
    expect(storage.files.size).toBe(0);
    expect(await imageRows()).toBe(0);
  });

  it('the database refuses the row', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    try {
      const storage = new LocalStorage(folder);
      // No such vendor: the foreign key refuses the insert after both files were stored.
      const err = await storeImage(database.db, storage, {
        data: await f.jpeg(),
        kind: 'gallery',
        vendorId: 987_654,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(ImageRejectedError);
      expect(fs.readdirSync(path.join(folder, 'gallery'))).toEqual([]);
      expect(await imageRows()).toBe(0);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('deleteImage', () => {
  it('removes the row, then the files; a second call finds nothing to do and does not fail', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    try {
      const storage = new LocalStorage(folder);
      const stored = await storeImage(database.db, storage, { data: await f.png(), kind: 'gallery' });
      const keep = await storeImage(database.db, storage, { data: await f.png(), kind: 'gallery' });
      expect(fs.readdirSync(path.join(folder, 'gallery'))).toHaveLength(4);
      expect(await deleteImage(database.db, storage, stored)).toEqual([]);
      expect(await imageRows()).toBe(1);
      expect(fs.readdirSync(path.join(folder, 'gallery')).sort()).toEqual(
        [path.basename(keep.storageKey), path.basename(keep.thumbnailKey!)].sort(),
      );
      expect(await deleteImage(database.db, storage, stored)).toEqual([]);
      expect(
        await removeImageFiles(storage, { storageKey: 'gallery/gone.webp', thumbnailKey: null }),
      ).toEqual([]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reports the files a failing store could not remove instead of throwing', async () => {
    const storage = new MemoryStorage();
    storage.delete = async () => {
      throw new Error('storage unavailable');
    };
    expect(
      await removeImageFiles(storage, { storageKey: 'logo/a.webp', thumbnailKey: 'logo/a-thumb.webp' }),
    ).toEqual(['logo/a.webp', 'logo/a-thumb.webp']);
  });
});
