import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type FileStorage, type StorageSource, StoredFileMissingError, storageKey } from './file-storage.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under one directory (DATA_DIR/files): `{organizationId}/{sha256}`. Each file appears whole or
 * not at all: it is written beside its final name and renamed into place.
 */
export class DiskStorage implements FileStorage {
  constructor(readonly directory: string) {}

  keyOf(organizationId: string, sha256: string): string {
    return storageKey(organizationId, sha256);
  }

  #pathOf(organizationId: string, sha256: string): string {
    return path.join(this.directory, ...storageKey(organizationId, sha256).split('/'));
  }

  async put(organizationId: string, sha256: string, source: StorageSource): Promise<string> {
    const target = this.#pathOf(organizationId, sha256);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      if (source instanceof Uint8Array) await writeFile(partial, source);
      else await moveFile(source.path, partial);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return this.keyOf(organizationId, sha256);
  }

  async get(organizationId: string, sha256: string): Promise<Readable> {
    const file = this.#pathOf(organizationId, sha256);
    // Opening first turns a missing file into an error here rather than on the stream.
    if (!(await this.exists(organizationId, sha256))) {
      throw new StoredFileMissingError(`No stored file ${this.keyOf(organizationId, sha256)}`);
    }
    return createReadStream(file);
  }

  async delete(organizationId: string, sha256: string): Promise<void> {
    try {
      await unlink(this.#pathOf(organizationId, sha256));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async exists(organizationId: string, sha256: string): Promise<boolean> {
    try {
      return (await stat(this.#pathOf(organizationId, sha256))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}

/** A rename when both are on one file system, else a copy and a delete. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await unlink(from);
  }
}
