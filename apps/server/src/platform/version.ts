import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config.ts';

function versionIn(file: string): string | undefined {
  try {
    const version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** The release version: the root package.json's, else the server package's. */
export const VERSION =
  versionIn(path.join(REPO_ROOT, 'package.json')) ??
  versionIn(path.join(REPO_ROOT, 'apps/server/package.json')) ??
  '0.0.0';
