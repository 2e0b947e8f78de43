/**
 * Every image is re-encoded (which strips metadata), bounded in size, given a thumbnail,
 * stored, and recorded in the images table under a random blob id.
 */
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { Db, Tx } from '../../db/client';
import { images } from '../../db/schema';
import type { Storage } from '../../adapters/storage/storage';

export type ImageKind = 'logo' | 'banner' | 'gallery' | 'avatar';

const MAX_EDGE: Record<ImageKind, number> = { logo: 512, banner: 2000, gallery: 2000, avatar: 256 };
const THUMB_EDGE = 480;

export class InvalidImageError extends Error {
  constructor() {
    super('File must be an image (JPEG, PNG, WebP, GIF or AVIF).');
  }
}

export interface StoredImage {
  id: number;
  blobId: string;
  url: string;
  thumbnailUrl: string | null;
}

export async function storeImage(
  db: Db | Tx,
  storage: Storage,
  input: {
    data: Buffer;
    kind: ImageKind;
    vendorId?: number | null;
    userId?: number | null;
    position?: number;
  },
): Promise<StoredImage> {
  let meta: Metadata;
  try {
    meta = await sharp(input.data, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw new InvalidImageError();
  }
  if (!meta.format || !['jpeg', 'png', 'webp', 'gif', 'avif', 'svg'].includes(meta.format)) {
    throw new InvalidImageError();
  }
  const edge = MAX_EDGE[input.kind];
  const { data, info } = await sharp(input.data, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const blobId = randomBytes(12).toString('base64url');
  const key = `${input.kind}/${blobId}.webp`;
  await storage.put(key, data, 'image/webp');
  let thumbnailKey: string | null = null;
  if (input.kind === 'gallery' || input.kind === 'banner') {
    const thumb = await sharp(data)
      .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    thumbnailKey = `${input.kind}/${blobId}-thumb.webp`;
    await storage.put(thumbnailKey, thumb, 'image/webp');
  }
  const [row] = await db
    .insert(images)
    .values({
      blobId,
      kind: input.kind,
      vendorId: input.vendorId ?? null,
      userId: input.userId ?? null,
      contentType: 'image/webp',
      byteSize: data.length,
      width: info.width,
      height: info.height,
      storageKey: key,
      thumbnailKey,
      position: input.position ?? 0,
    })
    .returning({ id: images.id });
  return {
    id: row!.id,
    blobId,
    url: storage.url(key),
    thumbnailUrl: thumbnailKey ? storage.url(thumbnailKey) : null,
  };
}
