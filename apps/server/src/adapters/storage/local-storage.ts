import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type Storage } from './storage';

/** Files in a local folder, served by the app under /uploads/. */
export class LocalStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly publicPrefix = '/uploads',
  ) {}

  private resolve(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  /** Written to a temporary name and renamed, so a reader never sees half a file. */
  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const file = this.resolve(key);
    try {
      return await fs.readFile(file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw err;
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
    assertSafeKey(key);
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
