import { describe, expect, it } from 'vitest';
import {
  activeSandboxes,
  type ExtractionLimits,
  extractInSandbox,
  extractPdf,
  idleWorkers,
  MAX_CONCURRENT_SANDBOXES,
  UnreadableDocumentError,
} from '../index.ts';
import { makeEncryptedPdf, makePdf, makeXlsx } from '../testing/index.ts';

/**
 * The sandbox keeps its workers warm between files (worker-pool.ts) and shares a long PDF's pages
 * across them with pdf.js; the hostile-file limits on a warm worker are tested in
 * test/hostile-files.test.ts.
 */

const SANDBOX_TIMEOUT = 60_000;
const PASSWORD = 'The PDF is password-protected; upload a copy without a password.';
const TIMEOUT = 'The file took too long to read; it may be damaged or far larger than it looks.';

/** Eleven pages of different lengths, so that a text limit falls inside one page of one share. */
const PAGES = Array.from(
  { length: 11 },
  (_, index) => `Page ${index + 1}\n${'Revenue\t1,200\t1,450\n'.repeat(index + 1)}End of page ${index + 1}`,
);

describe('warm sandbox workers', () => {
  it('reads the next file with a worker already started', { timeout: SANDBOX_TIMEOUT }, async () => {
    const pdf = await makePdf(['Warm']);
    await extractInSandbox(pdf, 'pdf');
    const before = idleWorkers();
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThanOrEqual(MAX_CONCURRENT_SANDBOXES);

    const document = await extractInSandbox(pdf, 'pdf');
    expect(document.pages[0]?.text).toBe('Warm');
    const after = idleWorkers();
    // The same threads, one of them with one more file read: no worker was started for it.
    expect(after.map((worker) => worker.threadId).sort()).toEqual(
      before.map((worker) => worker.threadId).sort(),
    );
    const jobs = (workers: typeof before) => workers.reduce((sum, worker) => sum + worker.jobs, 0);
    expect(jobs(after)).toBe(jobs(before) + 1);
  });

  it('terminates a worker that ran out of time instead of reusing it', {
    timeout: SANDBOX_TIMEOUT,
  }, async () => {
    const pdf = await makePdf(PAGES);
    await extractInSandbox(pdf, 'pdf');
    const before = idleWorkers().map((worker) => worker.threadId);
    expect(before.length).toBeGreaterThan(0);

    // pdf.js needs far more than 5 ms for eleven pages, even on a warm worker.
    const error = await extractInSandbox(pdf, 'pdf', { timeoutMs: 5 }, { pdfEngine: 'pdfjs' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toEqual(new UnreadableDocumentError(TIMEOUT));
    const after = idleWorkers().map((worker) => worker.threadId);
    expect(after).toHaveLength(before.length - 1);
    expect(before).toEqual(expect.arrayContaining(after));

    // The next file is read as usual, by a warm worker or a new one.
    expect((await extractInSandbox(pdf, 'pdf')).pages).toHaveLength(11);
    expect(activeSandboxes()).toBe(0);
  });

  it('keeps workers apart by their heap limit, never more than one per core', {
    timeout: SANDBOX_TIMEOUT,
  }, async () => {
    const pdf = await makePdf(['Limits']);
    await extractInSandbox(pdf, 'pdf', { maxMemoryMb: 128 });
    expect(idleWorkers().some((worker) => worker.memoryMb === 128)).toBe(true);
    await Promise.all([extractInSandbox(pdf, 'pdf'), extractInSandbox(pdf, 'pdf')]);
    expect(idleWorkers().length).toBeLessThanOrEqual(MAX_CONCURRENT_SANDBOXES);
  });
});

describe('a PDF shared out across workers with pdf.js', () => {
  const cases: [string, Partial<ExtractionLimits>][] = [
    ['whole', {}],
    ['cut at 7 pages', { maxPages: 7 }],
    ['cut inside a page by the text limit', { maxTextChars: 400 }],
  ];
  it.each(cases)(
    'reads the same pages and notices as one reader (%s)',
    {
      timeout: SANDBOX_TIMEOUT,
    },
    async (_, limits) => {
      const pdf = await makePdf(PAGES, { title: 'Shared' });
      const [shared, single] = await Promise.all([
        extractInSandbox(pdf, 'pdf', limits, { pdfEngine: 'pdfjs', sharePdfPages: true }),
        extractPdf(pdf, 'pdfjs', limits),
      ]);
      expect(shared).toEqual(single);
      expect(shared.metadata).toEqual({ pageCount: 11, title: 'Shared', author: 'Atempo tests' });
      expect(shared.pages.length).toBeGreaterThan(0);
      shared.pages.forEach((page, index) => {
        expect(page.number).toBe(index + 1);
      });
    },
  );

  it('the text limit and the page limit say so once', { timeout: SANDBOX_TIMEOUT }, async () => {
    const pdf = await makePdf(PAGES);
    const document = await extractInSandbox(
      pdf,
      'pdf',
      { maxTextChars: 400, maxPages: 7 },
      { pdfEngine: 'pdfjs', sharePdfPages: true },
    );
    expect(document.notices).toEqual([
      'Only the first 7 of 11 pages were read.',
      'Only the first 400 characters of text were read; the rest of the file was left out.',
    ]);
    expect(document.pages.map((page) => page.text).join('')).toHaveLength(400);
  });

  it('shares a large PDF only while no other file is being read', { timeout: SANDBOX_TIMEOUT }, async () => {
    const line = (page: number, row: number) =>
      `Item ${page}-${row}\t${(page * 7919 + row * 104_729) % 99_991}`;
    const big = await makePdf(
      Array.from({ length: 260 }, (_, page) =>
        Array.from({ length: 45 }, (_, row) => line(page, row)).join('\n'),
      ),
    );
    expect(big.byteLength).toBeGreaterThanOrEqual(256 * 1024);
    const workbook = makeXlsx([
      { name: 'Busy', rows: Array.from({ length: 2_000 }, (_, row) => [row, row * 2]) },
    ]);
    const jobs = () => idleWorkers().reduce((sum, worker) => sum + worker.jobs, 0);
    await extractInSandbox(big, 'pdf', {}, { pdfEngine: 'pdfjs' });

    // Alone: one share per core, each a file read by a worker.
    let before = jobs();
    const alone = await extractInSandbox(big, 'pdf', {}, { pdfEngine: 'pdfjs' });
    expect(jobs() - before).toBe(MAX_CONCURRENT_SANDBOXES);

    // Beside another file: one worker for the PDF, one for the workbook.
    before = jobs();
    const other = extractInSandbox(workbook, 'xlsx');
    expect(activeSandboxes()).toBe(1);
    const beside = await extractInSandbox(big, 'pdf', {}, { pdfEngine: 'pdfjs' });
    await other;
    expect(jobs() - before).toBe(2);
    expect(beside).toEqual(alone);
    expect(alone.pages).toHaveLength(260);
  });

  it('refuses a password-protected PDF once, and frees every worker', {
    timeout: SANDBOX_TIMEOUT,
  }, async () => {
    const error = await extractInSandbox(
      await makeEncryptedPdf(),
      'pdf',
      {},
      {
        pdfEngine: 'pdfjs',
        sharePdfPages: true,
      },
    ).catch((caught: unknown) => caught);
    expect(error).toEqual(new UnreadableDocumentError(PASSWORD));
    expect(activeSandboxes()).toBe(0);
  });
});
