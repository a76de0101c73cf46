/**
 * Pages per second of PDF text extraction, against poppler's `pdftotext` CLI on the same PDFs in
 * the same run: extractPdf with pdf.js, extractPdf with our pdftotext path (bytes on stdin, pdfinfo
 * beside it, pages split and bounded), and the raw CLI (`pdftotext -layout <file> -`, the same
 * layout mode our path uses). Not a test; nothing asserts.
 *
 *     npx tsx bench/extraction.ts                    # BENCH_ROUNDS=3, the FinanceBench PDFs
 *
 * Each round reads every PDF once with each method, methods in rotating order so that a change in
 * the machine's load falls on all three alike; the figure per method is the median round. Two
 * clocks: wall time, and CPU time (this process plus the poppler processes it waited for, from
 * /proc/self/stat), which other work on a shared machine disturbs far less.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractPdf } from '@atempo/documents';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PDF_DIR = process.env.BENCH_PDF_DIR ?? path.resolve(ROOT, '../shared/corpus/financebench/pdfs');
const ROUNDS = Math.max(1, Number.parseInt(process.env.BENCH_ROUNDS ?? '', 10) || 3);

type Method = 'raw pdftotext -layout' | 'extractPdf (pdftotext)' | 'extractPdf (pdf.js)';
const METHODS: Method[] = ['raw pdftotext -layout', 'extractPdf (pdftotext)', 'extractPdf (pdf.js)'];

interface Pdf {
  name: string;
  file: string;
  bytes: Uint8Array;
}

function rawPdftotext(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(
      'pdftotext',
      ['-layout', '-enc', 'UTF-8', file, '-'],
      { maxBuffer: 1 << 30 },
      (error, stdout) => {
        if (error) reject(error);
        else resolve(stdout.split('\f').length - 1);
      },
    );
  });
}

async function run(method: Method, pdf: Pdf): Promise<number> {
  if (method === 'raw pdftotext -layout') return rawPdftotext(pdf.file);
  const document = await extractPdf(pdf.bytes, method === 'extractPdf (pdftotext)' ? 'pdftotext' : 'pdfjs');
  return document.pages.length;
}

/** CPU seconds used so far by this process and its reaped children (Linux /proc; NaN elsewhere). */
function cpuSeconds(): number {
  try {
    // Fields after the command name: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    return ticks / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = 100; // USER_HZ on Linux

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main() {
  const pdfs: Pdf[] = readdirSync(PDF_DIR)
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => {
      const file = path.join(PDF_DIR, name);
      return { name, file, bytes: new Uint8Array(readFileSync(file)) };
    });
  if (pdfs.length === 0) throw new Error(`no PDFs in ${PDF_DIR}`);
  const loadBefore = loadavg()[0];

  // Warm-up (module loading, JIT, poppler's first start), as in a running server: not timed.
  for (const method of METHODS) await run(method, pdfs[0]!);

  const seconds: Record<Method, number[]> = {
    'raw pdftotext -layout': [],
    'extractPdf (pdftotext)': [],
    'extractPdf (pdf.js)': [],
  };
  const cpu: Record<Method, number[]> = {
    'raw pdftotext -layout': [],
    'extractPdf (pdftotext)': [],
    'extractPdf (pdf.js)': [],
  };
  const pages: Record<Method, number> = {
    'raw pdftotext -layout': 0,
    'extractPdf (pdftotext)': 0,
    'extractPdf (pdf.js)': 0,
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    const spent: Record<Method, number> = {
      'raw pdftotext -layout': 0,
      'extractPdf (pdftotext)': 0,
      'extractPdf (pdf.js)': 0,
    };
    const cpuSpent: Record<Method, number> = {
      'raw pdftotext -layout': 0,
      'extractPdf (pdftotext)': 0,
      'extractPdf (pdf.js)': 0,
    };
    const counted: Record<Method, number> = {
      'raw pdftotext -layout': 0,
      'extractPdf (pdftotext)': 0,
      'extractPdf (pdf.js)': 0,
    };
    for (const [index, pdf] of pdfs.entries()) {
      const order = METHODS.map((_, offset) => METHODS[(index + round + offset) % METHODS.length]!);
      for (const method of order) {
        const started = performance.now();
        const cpuStarted = cpuSeconds();
        counted[method] += await run(method, pdf);
        spent[method] += (performance.now() - started) / 1000;
        cpuSpent[method] += cpuSeconds() - cpuStarted;
      }
    }
    for (const method of METHODS) {
      seconds[method].push(spent[method]);
      cpu[method].push(cpuSpent[method]);
      pages[method] = counted[method];
    }
    process.stderr.write(`round ${round + 1}/${ROUNDS} done\n`);
  }

  const rawWall = pages['raw pdftotext -layout'] / median(seconds['raw pdftotext -layout']);
  const rawCpu = pages['raw pdftotext -layout'] / median(cpu['raw pdftotext -layout']);
  const rows = METHODS.map((method) => {
    const wall = median(seconds[method]);
    const cpuTime = median(cpu[method]);
    return {
      method,
      pages: pages[method],
      wallSeconds: Number(wall.toFixed(2)),
      pagesPerSecond: Math.round(pages[method] / wall),
      ratioToRaw: Number((pages[method] / wall / rawWall).toFixed(2)),
      cpuSeconds: Number(cpuTime.toFixed(2)),
      pagesPerCpuSecond: Math.round(pages[method] / cpuTime),
      cpuRatioToRaw: Number((pages[method] / cpuTime / rawCpu).toFixed(2)),
    };
  });
  const summary = {
    pdfs: pdfs.length,
    rounds: ROUNDS,
    cpus: cpus().length,
    loadAverage: { before: Number(loadBefore?.toFixed(1)), after: Number(loadavg()[0]?.toFixed(1)) },
    results: rows,
  };
  console.log(JSON.stringify(summary, null, 2));
  console.log('');
  console.log(
    '| method | pages | wall s (median round) | pages/s | × raw | CPU s | pages/CPU s | × raw (CPU) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.method} | ${row.pages} | ${row.wallSeconds} | ${row.pagesPerSecond} | ${row.ratioToRaw} | ${row.cpuSeconds} | ${row.pagesPerCpuSecond} | ${row.cpuRatioToRaw} |`,
    );
  }
}

await main();
