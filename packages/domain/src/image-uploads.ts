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

export type ImageRefusal = keyof typeof IMAGE_MESSAGES;

/** Longest file name a message repeats; a longer one is cut with an ellipsis. */
const FILE_NAME_SHOWN_MAX = 80;

/** A file's name as a message shows it: no control characters or path, at most 80 characters; '' when none. */
export function shownFileName(name: string | null | undefined): string {
  const base = [...(name ?? '')]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .split(/[\\/]/)
    .pop()!
    .trim();
  return base.length > FILE_NAME_SHOWN_MAX ? `${base.slice(0, FILE_NAME_SHOWN_MAX - 1)}…` : base;
}

/**
 * The refusal of one file, naming it (issue 23, finding 10: of several files chosen together, the one
 * refused is named, and the others go on): "notes.txt is not an image (JPEG, PNG or WebP).". Without a
 * name, the general message.
 */
export function imageFileMessage(reason: ImageRefusal, name?: string | null): string {
  const file = shownFileName(name);
  if (!file) return IMAGE_MESSAGES[reason];
  switch (reason) {
    case 'notAnImage':
      return `${file} is not an image (JPEG, PNG or WebP).`;
    case 'tooLarge':
      return `${file} is too large (max 10 MB).`;
    case 'tooManyPixels':
      return `${file} is too large in pixels (max 40 megapixels and 12000 pixels per side).`;
    case 'hiddenData':
      return `${file} contains data that is not part of the picture. Save it again as a JPEG, PNG or WebP.`;
  }
}
