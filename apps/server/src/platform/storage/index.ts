import type { StorageConfig } from '../../config.ts';
import { DiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { S3Storage } from './s3-storage.ts';

export { DiskStorage } from './disk-storage.ts';
export { type FileStorage, type StorageSource, StoredFileMissingError } from './file-storage.ts';
export { readAll } from './read-all.ts';
export { S3Storage } from './s3-storage.ts';

/** The store the settings name: DATA_DIR/files, or the S3 bucket. */
export function createFileStorage(config: StorageConfig): FileStorage {
  return config.kind === 'disk' ? new DiskStorage(config.directory) : new S3Storage(config);
}
