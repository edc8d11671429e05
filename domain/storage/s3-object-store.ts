/**
 * The object store on any S3-compatible service (AWS S3, MinIO, Ceph, R2...), for deployments
 * where several API and worker machines must see the same files. Same keys and contract as the
 * filesystem store: a put is atomic for readers (S3 replaces an object whole), a missing key reads
 * as undefined, a delete of a missing key is not an error. Files still leave the API only through
 * our own signed URLs (signed-urls.ts), never S3 presigned ones.
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../config/index.js';
import { assertObjectKey, type ObjectStore } from './object-store.js';

/** The bucket and how to reach it (STORAGE_DRIVER=s3; see config/index.ts for each field). */
export type S3StoreOptions = Omit<Extract<StorageConfig, { driver: 's3' }>, 'driver'>;

export class S3ObjectStore implements ObjectStore {
  private readonly client: S3Client;

  constructor(private readonly options: S3StoreOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
    });
  }

  private key(key: string): string {
    return `${this.options.prefix}${assertObjectKey(key)}`;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.key(key),
        Body: data,
        ContentType: 'application/pdf',
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
      return Buffer.from(await res.Body!.transformToByteArray());
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}
