import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config-error.ts';

/**
 * A generated secret is written to a temporary file and hard-linked into place, which fails if the
 * file exists: two processes starting together agree on one complete secret, and restarts keep
 * every session valid.
 */
export function readOrCreateJwtSecret(dataDir: string): string {
  return readOrCreateSecret(dataDir, 'jwt-secret', 'JWT secret');
}

/** A secret of this server kept in DATA_DIR/{fileName}, generated on first start. */
export function readOrCreateSecret(dataDir: string, fileName: string, label: string): string {
  const file = path.join(dataDir, fileName);
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, randomBytes(48).toString('base64url'), { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
  // A umask or a hand-made file may have a wider mode; the secret is for this user only.
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new ConfigError(`The ${label} in ${file} is shorter than 32 characters`);
  return secret;
}
