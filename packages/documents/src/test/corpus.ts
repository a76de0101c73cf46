import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is packages/documents/src/test/corpus.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The shared corpus of real public documents, beside the repository (see its README). */
export const CORPUS_DIR = path.resolve(REPO_ROOT, '../shared/corpus');
export const CORPUS_PRESENT = existsSync(path.join(CORPUS_DIR, 'README.md'));
export const CORPUS_ABSENT_NOTE = `skipped: the real-document corpus is not at ${CORPUS_DIR}`;

export function corpusFile(relative: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(CORPUS_DIR, relative)));
}

export function corpusLabels<T>(relative: string): T[] {
  return readFileSync(path.join(CORPUS_DIR, relative), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

/** Text with every run of whitespace made one space, for comparing two engines' output. */
export function words(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
