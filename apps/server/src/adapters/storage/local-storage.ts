import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Files in a local folder, served by the app under /uploads/. */
export class LocalStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly publicPrefix = '/uploads',
  ) {}

  private resolve(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.resolve(key));
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }

  url(key: string): string {
    return `${this.publicPrefix}/${key}`;
  }
}

/** Keeps files in memory: for tests that do not want a folder. */
export class MemoryStorage implements Storage {
  readonly files = new Map<string, { data: Buffer; contentType: string }>();
  async put(key: string, data: Buffer, contentType: string) {
    this.files.set(key, { data, contentType });
  }
  async get(key: string) {
    return this.files.get(key)?.data ?? null;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
  url(key: string) {
    return `/uploads/${key}`;
  }
}
