import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type LocalS3, startLocalS3 } from '../../test/s3-server.ts';
import {
  createFileStorage,
  DiskStorage,
  type FileStorage,
  readAll,
  S3Storage,
  StoredFileMissingError,
} from './index.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function tempFile(bytes: Uint8Array): { path: string; size: number } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'atempo-upload-')), 'upload');
  writeFileSync(file, bytes);
  return { path: file, size: bytes.byteLength };
}

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => s3?.close());

const stores: [string, () => FileStorage][] = [
  ['DiskStorage', () => new DiskStorage(mkdtempSync(path.join(tmpdir(), 'atempo-files-')))],
  ['S3Storage', () => new S3Storage(s3.config)],
];

describe.each(stores)('%s', (_name, makeStore) => {
  it('gives back the bytes it was given, from memory or from a temporary file', async () => {
    const store = makeStore();
    const org = randomUUID();
    const small = randomBytes(1000);
    const large = randomBytes(5 * 1024 * 1024 + 17);
    expect(await store.exists(org, sha256(small))).toBe(false);
    expect(await store.put(org, sha256(small), small)).toBe(`${org}/${sha256(small)}`);
    await store.put(org, sha256(large), tempFile(large));
    expect(await store.exists(org, sha256(small))).toBe(true);
    expect((await readAll(await store.get(org, sha256(small)))).equals(small)).toBe(true);
    expect((await readAll(await store.get(org, sha256(large)))).equals(large)).toBe(true);
  });

  it('stores a file once however often it is put', async () => {
    const store = makeStore();
    const org = randomUUID();
    const bytes = randomBytes(300);
    await store.put(org, sha256(bytes), bytes);
    await store.put(org, sha256(bytes), tempFile(bytes));
    expect((await readAll(await store.get(org, sha256(bytes)))).equals(bytes)).toBe(true);
  });

  it('keeps organisations apart and deletes only what it is asked to', async () => {
    const store = makeStore();
    const [orgA, orgB] = [randomUUID(), randomUUID()];
    const bytes = randomBytes(64);
    await store.put(orgA, sha256(bytes), bytes);
    expect(await store.exists(orgB, sha256(bytes))).toBe(false);
    await store.put(orgB, sha256(bytes), bytes);
    await store.delete(orgA, sha256(bytes));
    expect(await store.exists(orgA, sha256(bytes))).toBe(false);
    expect(await store.exists(orgB, sha256(bytes))).toBe(true);
    await expect(store.get(orgA, sha256(bytes))).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(store.delete(orgA, sha256(bytes))).resolves.toBeUndefined();
  });

  it('refuses names that are not an organisation id and a sha256', async () => {
    const store = makeStore();
    const org = randomUUID();
    await expect(store.put(org, '../../etc/passwd', Buffer.from('x'))).rejects.toThrow(/sha256/);
    await expect(store.get('..', sha256(Buffer.from('x')))).rejects.toThrow(/organisation/);
    await expect(store.exists(org, 'A'.repeat(64))).rejects.toThrow(/sha256/);
  });
});

describe('DiskStorage', () => {
  it('moves a temporary file into place and leaves no partial file', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'atempo-files-'));
    const store = new DiskStorage(directory);
    const org = randomUUID();
    const bytes = randomBytes(2048);
    const upload = tempFile(bytes);
    await store.put(org, sha256(bytes), upload);
    expect(existsSync(upload.path)).toBe(false);
    expect(existsSync(path.join(directory, org, sha256(bytes)))).toBe(true);
  });
});

describe('S3Storage', () => {
  it('sends its credentials: the server refuses an unknown access key', async () => {
    const store = new S3Storage({
      ...s3.config,
      credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' },
    });
    const bytes = randomBytes(10);
    await expect(store.put(randomUUID(), sha256(bytes), bytes)).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
  });

  it('is what STORAGE=s3 with the S3_ settings builds', async () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atempo-')),
      JWT_SECRET: 'x'.repeat(32),
      ...s3.env,
    });
    expect(config.storage).toEqual({ kind: 's3', ...s3.config });
    const store = createFileStorage(config.storage);
    expect(store).toBeInstanceOf(S3Storage);
    const bytes = randomBytes(100);
    await store.put(randomUUID(), sha256(bytes), bytes);
  });
});
