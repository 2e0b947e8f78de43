/** What an uploaded image may be, and what its uploader is told when it is refused. */
import { HttpError } from '../../http/errors';

import {
  ACCEPTED_IMAGE_FORMATS,
  IMAGE_MESSAGES,
  imageFileMessage,
  MAX_UPLOAD_BYTES,
} from '@stg/domain/image-uploads';

/** Largest file accepted, in bytes (10 MB); also the multipart file-size limit of the upload routes. */
export { MAX_UPLOAD_BYTES, IMAGE_MESSAGES };
/** Most pixels an image may declare (width × height), checked before it is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side an image may declare, in pixels. */
export const MAX_INPUT_EDGE = 12_000;

/** The formats accepted, recognised by their bytes (never by the file name or the declared type). */
export const ACCEPTED_FORMATS = ACCEPTED_IMAGE_FORMATS;
export type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number];

export type ImageRejection = keyof typeof IMAGE_MESSAGES;

/**
 * An upload refused for what it is: 422 with the message, `{ errors: [message] }` through the error
 * handler; naming the file when its name is known ("notes.txt is not an image (JPEG, PNG or WebP).").
 */
export class ImageRejectedError extends HttpError {
  constructor(
    readonly reason: ImageRejection,
    fileName?: string | null,
  ) {
    super(422, [imageFileMessage(reason, fileName)]);
    this.name = 'ImageRejectedError';
  }
}

export type ImageKind = 'logo' | 'banner' | 'gallery' | 'avatar';

/** Longest side of the stored image, per kind (smaller images are not enlarged). */
export const STORED_EDGE: Record<ImageKind, number> = { logo: 512, banner: 2000, gallery: 2000, avatar: 256 };
/** Longest side of the thumbnail; banners (catalog cards) and gallery images have one. */
export const THUMBNAIL_EDGE = 480;
export const HAS_THUMBNAIL: Record<ImageKind, boolean> = {
  logo: false,
  banner: true,
  gallery: true,
  avatar: false,
};
