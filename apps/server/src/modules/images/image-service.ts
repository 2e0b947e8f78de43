/**
 * Uploaded images: checked by their bytes (image-inspect), decoded and re-encoded to WebP by sharp
 * (turned upright by their EXIF orientation, every piece of metadata dropped), bounded in size per kind,
 * given a thumbnail, stored under a random blob id and recorded in the images table. Nothing of the
 * uploaded file itself is ever stored or served. A refused file writes nothing; a failure after the first
 * file is stored removes what was stored.
 */
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { images } from '../../db/schema';
import { oneRow } from '../../db/one-row';
import type { Storage } from '../../adapters/storage/storage';
import { checkDimensions, inspectImage } from './image-inspect';
import {
  HAS_THUMBNAIL,
  ImageRejectedError,
  MAX_INPUT_PIXELS,
  STORED_EDGE,
  THUMBNAIL_EDGE,
  type ImageKind,
} from './image-rules';

export type { ImageKind } from './image-rules';

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** An upload that passed every check, re-encoded and ready to store. */
export interface ProcessedImage {
  kind: ImageKind;
  image: EncodedImage;
  /** For banners (what catalog cards show) and gallery images; null for logos and avatars. */
  thumbnail: EncodedImage | null;
}

export interface StoredImage {
  id: number;
  blobId: string;
  url: string;
  thumbnailUrl: string | null;
  storageKey: string;
  thumbnailKey: string | null;
  width: number;
  height: number;
}

/** Whose image it is and where it sits in a gallery. */
export interface ImageOwner {
  vendorId?: number | null;
  userId?: number | null;
  position?: number;
}

export type StoreImageInput = ImageOwner &
  ({ data: Buffer; kind: ImageKind } | { processed: ProcessedImage });

const decodeOptions: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // A decoder error refuses the file; a mere warning (minor damage some cameras' files have) does not.
  // A truncated file never gets here: image-inspect refuses it.
  failOn: 'error',
  animated: false, // the first frame only
};

/**
 * Checks and re-encodes an upload without storing anything; throws ImageRejectedError (422) with the
 * message for the user. Use it to check every file of a request before storing any of them.
 */
export async function processImage(data: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  // Size, format by content, declared dimensions and structure (trailing data, hidden markup): headers only.
  const inspection = inspectImage(data);
  // The decoder's own reading of the header must agree before anything is decompressed.
  let meta: Metadata;
  try {
    meta = await sharp(data, decodeOptions).metadata();
  } catch {
    throw new ImageRejectedError('notAnImage');
  }
  if (meta.format !== inspection.format || !meta.width || !meta.height)
    throw new ImageRejectedError('notAnImage');
  checkDimensions(meta.width, meta.pageHeight ?? meta.height);

  const edge = STORED_EDGE[kind];
  let image: EncodedImage;
  try {
    // Without keepMetadata/withMetadata sharp writes no EXIF, XMP, IPTC or ICC (colours become sRGB).
    const { data: out, info } = await sharp(data, decodeOptions)
      .autoOrient()
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    image = { data: out, width: info.width, height: info.height };
  } catch (err) {
    throw new ImageRejectedError(/pixel limit/i.test(String(err)) ? 'tooManyPixels' : 'notAnImage');
  }
  let thumbnail: EncodedImage | null = null;
  if (HAS_THUMBNAIL[kind]) {
    const { data: out, info } = await sharp(image.data)
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    thumbnail = { data: out, width: info.width, height: info.height };
  }
  return { kind, image, thumbnail };
}

/**
 * Checks, re-encodes, stores and records an image. Throws ImageRejectedError for a refused file (nothing
 * written); on any later failure (storage, database) the files already stored are removed again.
 *
 * Inside a transaction (`db` a Tx), the row goes when the transaction rolls back but the files stay:
 * the caller then removes them with `removeImageFiles(storage, stored)`.
 */
export async function storeImage(
  db: Db | Tx,
  storage: Storage,
  input: StoreImageInput,
): Promise<StoredImage> {
  const processed = 'processed' in input ? input.processed : await processImage(input.data, input.kind);
  const { kind, image, thumbnail } = processed;
  const blobId = randomBytes(12).toString('base64url');
  const storageKey = `${kind}/${blobId}.webp`;
  const thumbnailKey = thumbnail ? `${kind}/${blobId}-thumb.webp` : null;
  const written: string[] = [];
  try {
    written.push(storageKey); // before put: a put that fails half way may still leave a file
    await storage.put(storageKey, image.data, 'image/webp');
    if (thumbnail && thumbnailKey) {
      written.push(thumbnailKey);
      await storage.put(thumbnailKey, thumbnail.data, 'image/webp');
    }
    const row = oneRow(
      await db
        .insert(images)
        .values({
          blobId,
          kind,
          vendorId: input.vendorId ?? null,
          userId: input.userId ?? null,
          contentType: 'image/webp',
          byteSize: image.data.length,
          width: image.width,
          height: image.height,
          storageKey,
          thumbnailKey,
          position: input.position ?? 0,
        })
        .returning({ id: images.id }),
      'image',
    );
    return {
      id: row.id,
      blobId,
      url: storage.url(storageKey),
      thumbnailUrl: thumbnailKey ? storage.url(thumbnailKey) : null,
      storageKey,
      thumbnailKey,
      width: image.width,
      height: image.height,
    };
  } catch (err) {
    await removeFiles(storage, written);
    throw err;
  }
}

export interface ImageFiles {
  storageKey: string;
  thumbnailKey: string | null;
}

/**
 * Deletes an image: its row first (when `id` is given), then its files, so no row ever points at a
 * missing file. Use the database itself, not a transaction: files removed inside a transaction that
 * then rolls back would leave a row without its files. Inside a transaction, delete the row there and
 * call removeImageFiles after the commit.
 * Returns the keys that could not be removed (already-missing files are not failures).
 */
export async function deleteImage(
  db: Db,
  storage: Storage,
  image: ImageFiles & { id?: number },
): Promise<string[]> {
  if (image.id !== undefined) await db.delete(images).where(eq(images.id, image.id));
  return removeImageFiles(storage, image);
}

/** Removes an image's files once its row is gone; never throws. Returns the keys that could not be removed. */
export async function removeImageFiles(storage: Storage, image: ImageFiles): Promise<string[]> {
  return removeFiles(
    storage,
    [image.storageKey, image.thumbnailKey].filter((k): k is string => Boolean(k)),
  );
}

async function removeFiles(storage: Storage, keys: string[]): Promise<string[]> {
  const results = await Promise.allSettled(keys.map((k) => storage.delete(k)));
  return keys.filter((_, i) => results[i]!.status === 'rejected');
}

/**
 * Draws SVG made by this program (the demo data's art) as a PNG, which storeImage then takes like any
 * upload. Never for uploaded SVG: uploads accept JPEG, PNG and WebP only.
 */
export async function rasterizeOwnSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 2 }).toBuffer();
}
