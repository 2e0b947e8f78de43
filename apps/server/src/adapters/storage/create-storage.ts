/** The storage the configuration asks for: the local folder DATA_DIR/uploads (default) or an S3 bucket. */
import path from 'node:path';
import type { Config } from '../../config';
import { LocalStorage } from './local-storage';
import type { Storage } from './storage';

export type StorageConfig = Pick<
  Config,
  | 'dataDir'
  | 'STORAGE_DRIVER'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PUBLIC_URL'
>;

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
