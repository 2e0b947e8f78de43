/** Where uploaded files live. One interface; the local folder is the embedded default, S3 the real provider. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. Throws when the store cannot be reached. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a file that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** The public URL the browser loads the file from. */
  url(key: string): string;
  /** The folder holding the files when they are on this machine's disk (the app serves it as static files). */
  readonly root?: string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Keys are relative paths of letters, digits, `/`, `_`, `.` and `-`, never climbing (`..`) or doubled slashes. */
export function isSafeKey(key: string): boolean {
  return key.length <= 512 && SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The content type a stored file is served with, from its key's extension. */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** Stored files never change (every upload gets a new random key), so browsers may keep them. */
export const STORED_FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
