/**
 * A vendor's logo, banner and gallery (spec §2 Setup steps 1-2 and Visual Content, §7 multipart PATCH and
 * DELETE /api/vendors/{id}/images). Every file of a request is checked and re-encoded first (no lock
 * held); then one transaction with the vendor row locked applies the gallery's 4-20 rule, stores and
 * records them all, and replaces the old logo or banner. A refusal or a failure leaves nothing behind;
 * replaced files are removed after the commit.
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { galleryAddProblem, galleryDeleteProblem, VENDOR_MESSAGES } from '@stg/domain/api/vendors';
import { imageFileMessage } from '@stg/domain/image-uploads';
import { LIMITS } from '@stg/domain/constants';
import { MESSAGES } from '@stg/domain/validation';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { images } from '../../db/schema';
import { HttpError, notFound, unprocessable } from '../../http/errors';
import { ImageRejectedError, MAX_UPLOAD_BYTES } from '../images/image-rules';
import {
  processImage,
  removeImageFiles,
  storeImage,
  type ImageFiles,
  type ProcessedImage,
  type StoredImage,
} from '../images/image-service';
import { addVendorEvent } from './events';
import { lockVendorRow, updateVendorRow } from './repo';

export type UploadSlot = 'logo' | 'banner' | 'gallery';

export interface ImageUpload {
  slot: UploadSlot;
  data: Buffer;
  /** The name the client gave the file, for a refusal to name it. */
  fileName?: string | undefined;
}

/** The multipart field names of spec §7, and what each one sets. */
const FIELDS: Record<string, UploadSlot> = {
  'vendor[logoImageUrl]': 'logo',
  'vendor[thumbnailImageUrl]': 'banner',
  'vendor[galleryImages][]': 'gallery',
  'vendor[galleryImages]': 'gallery',
};

/** Multipart limits for the upload routes: 10 MB a file, a gallery's worth of files, small text fields. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: LIMITS.galleryMax + 2,
  fields: 10,
  fieldSize: 1000,
  parts: LIMITS.galleryMax + 12,
};

/** Reads the request's image files into memory (each at most 10 MB); unknown file fields are refused. */
export async function readImageUploads(req: FastifyRequest): Promise<ImageUpload[]> {
  const uploads: ImageUpload[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const slot = FIELDS[part.fieldname];
      if (!slot) {
        part.file.resume();
        throw unprocessable(`Unexpected file field: ${part.fieldname.slice(0, 60)}`);
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new ImageRejectedError('tooLarge', part.filename);
        throw err;
      }
      uploads.push({ slot, data, fileName: part.filename });
    }
  } catch (err) {
    if (err instanceof ImageRejectedError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ImageRejectedError('tooLarge');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw unprocessable(VENDOR_MESSAGES.tooManyFiles);
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof HttpError || (status !== undefined && status < 500)) throw err;
    // The multipart parser's own failures (a torn or truncated body: "Unexpected end of multipart
    // data") carry no status and answered 500 (issue 14 fuzzing): the client's body is at fault.
    throw new HttpError(400, [VENDOR_MESSAGES.uploadUnreadable]);
  }
  if (uploads.length === 0) throw unprocessable(VENDOR_MESSAGES.noFiles);
  if (
    uploads.filter((u) => u.slot === 'logo').length > 1 ||
    uploads.filter((u) => u.slot === 'banner').length > 1
  )
    throw unprocessable('Upload one logo and one banner at a time.');
  return uploads;
}

interface ImagesDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
}

export async function uploadVendorImages(
  deps: ImagesDeps,
  opts: { vendorId: number; actorUserId: number; uploads: ImageUpload[] },
): Promise<void> {
  const { db, storage } = deps;
  // Every file is checked and re-encoded before anything is stored. A request is all or nothing (ADR
  // 0014): a bad file refuses it, and the answer names every file refused, not only the first, so the
  // sender can leave those out and send the rest again (the web app checks each file before sending and
  // sends only the good ones: issue 23, finding 10).
  const processed: { slot: UploadSlot; image: ProcessedImage }[] = [];
  const refused: string[] = [];
  for (const upload of opts.uploads) {
    try {
      processed.push({ slot: upload.slot, image: await processImage(upload.data, upload.slot) });
    } catch (err) {
      if (!(err instanceof ImageRejectedError)) throw err;
      refused.push(imageFileMessage(err.reason, upload.fileName));
    }
  }
  if (refused.length > 0) throw new HttpError(422, [...new Set(refused)]);

  const stored: StoredImage[] = [];
  let replaced: ImageFiles[];
  try {
    replaced = await db.transaction(async (tx) => {
      const vendor = await lockVendorRow(tx, opts.vendorId);
      if (!vendor) throw notFound(MESSAGES.vendorNotFound);
      const [gallery] = await tx
        .select({
          n: sql<number>`count(*)::int`,
          last: sql<number>`coalesce(max(${images.position}), -1)::int`,
        })
        .from(images)
        .where(and(eq(images.vendorId, vendor.id), eq(images.kind, 'gallery')));
      const adding = processed.filter((p) => p.slot === 'gallery').length;
      const problem = galleryAddProblem(gallery?.n ?? 0, adding);
      if (problem) throw unprocessable(problem);

      let position = (gallery?.last ?? -1) + 1;
      const fields: Parameters<typeof updateVendorRow>[2] = {};
      for (const p of processed) {
        const image = await storeImage(tx, storage, {
          processed: p.image,
          vendorId: vendor.id,
          position: p.slot === 'gallery' ? position++ : 0,
        });
        stored.push(image);
        if (p.slot === 'logo') fields.logoImageId = image.id;
        if (p.slot === 'banner') fields.bannerImageId = image.id;
      }
      const oldIds = [
        fields.logoImageId !== undefined ? vendor.logoImageId : null,
        fields.bannerImageId !== undefined ? vendor.bannerImageId : null,
      ].filter((id): id is number => id !== null);
      await updateVendorRow(tx, vendor.id, { ...fields, updatedAt: deps.now() });
      const old: ImageFiles[] = [];
      for (const id of oldIds) {
        const [row] = await tx
          .delete(images)
          .where(and(eq(images.id, id), eq(images.vendorId, vendor.id)))
          .returning({ storageKey: images.storageKey, thumbnailKey: images.thumbnailKey });
        if (row) old.push(row);
      }
      await addVendorEvent(tx, {
        vendorId: vendor.id,
        actorUserId: opts.actorUserId,
        actorRole: 'vendor',
        action: 'images_changed',
        details: { added: processed.map((p) => p.slot), blobIds: stored.map((s) => s.blobId) },
        createdAt: deps.now(),
      });
      return old;
    });
  } catch (err) {
    // The rows rolled back; the files stored for them go too.
    await Promise.all(stored.map((s) => removeImageFiles(storage, s)));
    throw err;
  }
  await Promise.all(replaced.map((files) => removeImageFiles(storage, files)));
}

/** DELETE /api/vendors/{id}/images {blob_id}: one gallery image of the vendor's own. */
export async function deleteGalleryImage(
  deps: ImagesDeps,
  opts: { vendorId: number; actorUserId: number; blobId: string },
): Promise<void> {
  const files = await deps.db.transaction(async (tx) => {
    const vendor = await lockVendorRow(tx, opts.vendorId);
    if (!vendor) throw notFound(MESSAGES.vendorNotFound);
    const gallery = await tx
      .select({
        id: images.id,
        blobId: images.blobId,
        storageKey: images.storageKey,
        thumbnailKey: images.thumbnailKey,
      })
      .from(images)
      .where(and(eq(images.vendorId, vendor.id), eq(images.kind, 'gallery')));
    const image = gallery.find((g) => g.blobId === opts.blobId);
    if (!image) throw notFound(VENDOR_MESSAGES.imageNotFound);
    const problem = galleryDeleteProblem(vendor.listingStatus, gallery.length);
    if (problem) throw unprocessable(problem);
    await tx.delete(images).where(eq(images.id, image.id));
    await addVendorEvent(tx, {
      vendorId: vendor.id,
      actorUserId: opts.actorUserId,
      actorRole: 'vendor',
      action: 'images_changed',
      details: { deleted: image.blobId },
      createdAt: deps.now(),
    });
    return image;
  });
  await removeImageFiles(deps.storage, files);
}
