/** What an uploaded image may be (shared by the upload forms and the server, which checks it again). */

/** Largest file accepted, in bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The formats accepted; the server recognises them by their bytes, never by the name or declared type. */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;

/** The `accept` attribute of an image file input. */
export const IMAGE_INPUT_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Every message an upload can be refused with (the API answers `{ errors: [message] }`). */
export const IMAGE_MESSAGES = {
  notAnImage: 'File must be an image (JPEG, PNG or WebP).',
  tooLarge: 'Image is too large (max 10 MB).',
  tooManyPixels: 'Image dimensions are too large (max 40 megapixels and 12000 pixels per side).',
  hiddenData: 'Image contains data that is not part of the picture. Save it again as a JPEG, PNG or WebP.',
} as const;
