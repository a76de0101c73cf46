import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../config.ts';

export interface LocalS3 {
  /** Settings for S3Storage, as STORAGE=s3 with these S3_ values would give. */
  config: S3StorageConfig;
  env: Record<string, string>;
  /** Where the server keeps objects (bucket/key on disk), to look behind the API. */
  directory: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server on 127.0.0.1 (s3rver: the S3 REST protocol with SigV4 signature checks,
 * objects on disk) with one empty bucket. Its fixed key pair is S3RVER / S3RVER.
 */
export async function startLocalS3(bucket = 'atempo-files'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'atempo-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      endpoint,
      bucket,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    directory,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
