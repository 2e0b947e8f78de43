/** The storage the configuration asks for: the local folder DATA_DIR/uploads (default) or an S3 bucket. */
import path from 'node:path';
import { LocalStorage } from './local-storage';
import type { Storage } from './storage';

/** The part of the configuration (config.ts's Config) storage reads; written out so adapters need not import config. */
export interface StorageConfig {
  dataDir: string;
  STORAGE_DRIVER: 'local' | 's3';
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PUBLIC_URL?: string | undefined;
}

/** The AWS SDK is loaded only when S3 is configured (it costs about 100 ms at start-up). */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.STORAGE_DRIVER === 's3') {
    const { S3Storage } = await import('./s3-storage');
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return new LocalStorage(path.join(config.dataDir, 'uploads'));
}
