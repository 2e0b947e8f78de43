/** Where uploaded files live. One interface; the local folder is the embedded default. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The public URL the browser loads the file from. */
  url(key: string): string;
}
