import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config.ts';
import { type FileStorage, type StorageSource, StoredFileMissingError, storageKey } from './file-storage.ts';

const isNotFound = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3 bucket (AWS, or any S3-compatible server), one object per `{organizationId}/{sha256}`.
 * Checksums are sent only when an operation requires them: the SDK's newer default (a CRC trailer in
 * aws-chunked bodies) is refused by many S3-compatible servers, and sha256 already names the bytes.
 */
export class S3Storage implements FileStorage {
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(config: S3StorageConfig) {
    this.#bucket = config.bucket;
    this.#client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      // A copy: the SDK marks the object it is given.
      ...(config.credentials ? { credentials: { ...config.credentials } } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  keyOf(organizationId: string, sha256: string): string {
    return storageKey(organizationId, sha256);
  }

  async put(organizationId: string, sha256: string, source: StorageSource): Promise<string> {
    const key = this.keyOf(organizationId, sha256);
    // Content addressed: an object already there holds these very bytes.
    if (await this.exists(organizationId, sha256)) return key;
    const body =
      source instanceof Uint8Array
        ? { Body: source, ContentLength: source.byteLength }
        : { Body: createReadStream(source.path), ContentLength: source.size };
    await this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key: key, ...body }));
    return key;
  }

  async get(organizationId: string, sha256: string): Promise<Readable> {
    const key = this.keyOf(organizationId, sha256);
    try {
      const object = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key }));
      if (object.Body instanceof Readable) return object.Body;
      throw new Error(`The S3 client answered a body that is not a Node stream for ${key}`);
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileMissingError(`No stored file ${key}`);
      throw error;
    }
  }

  async delete(organizationId: string, sha256: string): Promise<void> {
    const key = this.keyOf(organizationId, sha256);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  async exists(organizationId: string, sha256: string): Promise<boolean> {
    const key = this.keyOf(organizationId, sha256);
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  close(): void {
    this.#client.destroy();
  }
}
