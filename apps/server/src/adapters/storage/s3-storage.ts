/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), shared by every instance of the
 * app. The browser loads them from S3_PUBLIC_URL when it is set (a CDN or a public bucket), otherwise
 * from the app's /uploads/ route, which reads them through `get`.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, STORED_FILE_CACHE_CONTROL, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services and local servers (MinIO, s3rver): http(s)://host:port. */
  endpoint?: string;
  /** Without them the SDK's default chain is used (AWS_* variables, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (endpoint/bucket/key) instead of the host name; most S3-compatible servers want it. */
  forcePathStyle?: boolean;
  /** Base URL the browser loads files from (`${publicUrl}/${key}`); without it, the app's /uploads/. */
  publicUrl?: string;
}

export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly publicBase: string;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.publicBase = (opts.publicUrl ?? '/uploads').replace(/\/+$/, '');
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle ?? false,
      credentials:
        opts.accessKeyId && opts.secretAccessKey
          ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
          : undefined,
      // Checksums only where the API requires them: several S3-compatible servers refuse the newer
      // default (CRC32 headers and trailers on every upload).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        CacheControl: STORED_FILE_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  url(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  /** Throws with a readable message when the bucket cannot be reached with these settings. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = (err as S3ServiceException).$metadata?.httpStatusCode;
      throw new Error(
        `S3 bucket "${this.bucket}" cannot be reached${status ? ` (HTTP ${status})` : ''}: ${(err as Error).name}`,
        { cause: err },
      );
    }
  }

  /** Closes the client's connections. */
  close(): void {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  if (!(err instanceof Error) || err.name === 'NoSuchBucket') return false;
  const status = (err as S3ServiceException).$metadata?.httpStatusCode;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || status === 404;
}
