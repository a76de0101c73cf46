import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
// The time and memory limits are tested on hostile files: test/hostile-files.test.ts.
import {
  activeSandboxes,
  extractDocument,
  extractInSandbox,
  MAX_CONCURRENT_SANDBOXES,
  UnreadableDocumentError,
} from '../index.ts';
import { REPO_ROOT } from '../test/corpus.ts';
import { makeEncryptedPdf, makePdf, makeXlsx } from '../testing/index.ts';

const SANDBOX_TIMEOUT = 60_000;

describe('extractInSandbox', () => {
  it('answers what extractDocument answers, for PDF and workbook', { timeout: SANDBOX_TIMEOUT }, async () => {
    const pdf = await makePdf(['Revenue\t1,200\t1,450', 'Cash\t2,000']);
    const xlsx = makeXlsx([
      { name: 'P&L', rows: [['Revenue', 1200]], formulas: { B2: { formula: 'B1*2', value: 2400 } } },
    ]);
    const [sandboxPdf, directPdf, sandboxXlsx, directXlsx] = await Promise.all([
      extractInSandbox(pdf, 'pdf'),
      extractDocument(pdf, 'pdf'),
      extractInSandbox(xlsx, 'xlsx'),
      extractDocument(xlsx, 'xlsx'),
    ]);
    expect(sandboxPdf).toEqual(directPdf);
    expect(sandboxPdf.pages).toHaveLength(2);
    expect(sandboxXlsx).toEqual(directXlsx);
    expect(sandboxXlsx.sheets[0]?.cells.find((cell) => cell.address === 'B2')).toMatchObject({
      value: 2400,
      formula: 'B1*2',
    });
  });

  it('brings a large workbook back whole and in order (its cells come in batches)', {
    timeout: SANDBOX_TIMEOUT,
  }, async () => {
    const rows = Array.from({ length: 1_300 }, (_, row) =>
      Array.from({ length: 10 }, (_, column) => row * 10 + column),
    );
    const xlsx = makeXlsx([
      { name: 'First', rows },
      { name: 'Second', rows: rows.slice(0, 700) },
    ]);
    const [sandboxed, direct] = await Promise.all([
      extractInSandbox(xlsx, 'xlsx'),
      extractDocument(xlsx, 'xlsx'),
    ]);
    expect(sandboxed.sheets.map((sheet) => sheet.cells.length)).toEqual([13_000, 7_000]);
    expect(sandboxed).toEqual(direct);
  });

  it('passes a refusal on as an UnreadableDocumentError with its sentence', {
    timeout: SANDBOX_TIMEOUT,
  }, async () => {
    const error = await extractInSandbox(await makeEncryptedPdf(), 'pdf').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnreadableDocumentError);
    expect((error as Error).message).toBe('The PDF is password-protected; upload a copy without a password.');
  });

  it('leaves the caller its bytes (the worker gets a copy)', { timeout: SANDBOX_TIMEOUT }, async () => {
    const pdf = await makePdf(['Kept']);
    const length = pdf.byteLength;
    await extractInSandbox(pdf, 'pdf');
    expect(pdf.byteLength).toBe(length);
  });

  it('runs at most one worker per core; the others wait their turn', {
    timeout: SANDBOX_TIMEOUT,
  }, async () => {
    const pdf = await makePdf(['Queued']);
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, activeSandboxes());
    }, 5);
    const results = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_SANDBOXES + 2 }, () => extractInSandbox(pdf, 'pdf')),
    );
    clearInterval(sampler);
    expect(results.map((result) => result.pages[0]?.text)).toEqual(results.map(() => 'Queued'));
    expect(most).toBe(MAX_CONCURRENT_SANDBOXES);
    expect(activeSandboxes()).toBe(0);
  });

  it('works when the parent runs under tsx, as the server does', { timeout: SANDBOX_TIMEOUT }, async () => {
    const fixture = path.join(
      path.dirname(new URL(import.meta.url).pathname),
      'fixtures/extract-under-tsx.ts',
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fixture], {
      cwd: REPO_ROOT,
      timeout: 50_000,
    });
    const result = JSON.parse(stdout) as {
      pdf: { text: string }[];
      xlsx: { cells: { address: string; value: unknown }[] }[];
    };
    expect(result.pdf[0]?.text).toContain('Hello from the sandbox');
    expect(result.pdf[0]?.text).toMatch(/Revenue {2,}1,200/);
    expect(result.xlsx[0]?.cells).toContainEqual(expect.objectContaining({ address: 'B1', value: 1200 }));
  });
});
