import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

/**
 * Samples the generators cannot make: legacy Word (.doc) has no maintained writer, so it comes
 * from the shared corpus of public documents; and bare zips, to check what makes a zip a document.
 */

/** Where the shared corpus of public documents is: CORPUS_DIR, else shared/ beside the repository. */
export function corpusDir(): string {
  const repository = fileURLToPath(new URL('../../../../', import.meta.url));
  const candidates = [
    process.env.CORPUS_DIR,
    path.join(repository, '..', 'shared', 'corpus'),
    '/work/shared/corpus',
  ].filter((candidate): candidate is string => Boolean(candidate));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`The shared corpus is missing; looked in ${candidates.join(', ')}`);
  return found;
}

/** A real Word 97-2003 document from the corpus (a blank partnership agreement, 67 KB). */
export function sampleDoc(): Uint8Array {
  return readFileSync(path.join(corpusDir(), 'documents', 'doc', 'partnership_agreement_form.doc'));
}

/** A zip holding `entries` (name → text), e.g. an OOXML package missing its main part. */
export function sampleZip(entries: Record<string, string>): Uint8Array {
  const encoder = new TextEncoder();
  return zipSync(
    Object.fromEntries(Object.entries(entries).map(([name, text]) => [name, encoder.encode(text)])),
  );
}
