/**
 * Pages per second of PDF text extraction, against poppler's `pdftotext` CLI on the same PDFs in
 * the same run. Not a test; nothing asserts.
 *
 *     npx tsx bench/extraction.ts                    # BENCH_ROUNDS=3, the FinanceBench PDFs
 *     BENCH_METHODS=raw,sandbox npx tsx bench/extraction.ts   # only the methods whose name contains one of these
 *
 * Without poppler installed, only the pdf.js methods run, and there is no reference to divide by.
 *
 * Methods: the raw CLI (`pdftotext -layout <file> -`, the layout mode our path uses, one process per
 * file) as the reference; extractInSandbox as the server calls it (a warm worker from the pool with
 * the default heap and time limits, the result copied back) with pdftotext (and, for comparison, with
 * a new worker for every file, as before the pool), with pdf.js in one
 * worker, and with pdf.js sharing a PDF's pages across the pool's workers (one per core); and, to
 * show what the sandbox costs, extractPdf in this thread with either engine.
 *
 * Each round reads every PDF once with each method, methods in rotating order so that a change in
 * the machine's load falls on all alike; the figure per method is the median round. The time per
 * document is wall-clock from bytes in memory to the extracted document, everything of ours
 * included. Two clocks: wall time, and CPU time (every thread of this process plus the poppler
 * processes it waited for, from /proc/self/stat), which other work on a shared machine disturbs less;
 * and the busiest thread's CPU time plus poppler's (/proc/self/task), an estimate of the wall time on
 * a machine with a free core per worker: pdf.js across several workers gains nothing in wall time
 * here, where Linux's autogroup gives each session a fixed share of the CPU whatever its threads.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import {
  extractInSandbox,
  extractPdf,
  MAX_CONCURRENT_SANDBOXES,
  preferredPdfEngine,
} from '@atempo/documents';
import { CORPUS_DIR } from '../packages/documents/src/analyst/test-support/corpus.ts';

const PDF_DIR = process.env.BENCH_PDF_DIR ?? path.join(CORPUS_DIR, 'financebench/pdfs');
const ROUNDS = Math.max(1, Number.parseInt(process.env.BENCH_ROUNDS ?? '', 10) || 3);
const RAW = 'raw pdftotext -layout';
const HAS_PDFTOTEXT = (await preferredPdfEngine()) === 'pdftotext';

interface Pdf {
  name: string;
  file: string;
  bytes: Uint8Array;
}

interface Method {
  name: string;
  /**
   * Only when BENCH_METHODS names it: its new workers push the warm ones out of the pool, which
   * would slow the other sandbox methods of the same run. Measure it alone: BENCH_METHODS=fresh.
   */
  optIn?: boolean;
  /** Reads the PDF; answers its page count. */
  run(pdf: Pdf): Promise<number>;
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

let freshFiles = 0;

const ALL_METHODS: Method[] = [
  { name: RAW, run: (pdf) => rawPdftotext(pdf.file) },
  {
    name: 'extractInSandbox (pdftotext)',
    run: async (pdf) =>
      (await extractInSandbox(pdf.bytes, 'pdf', {}, { pdfEngine: 'pdftotext' })).pages.length,
  },
  {
    // The sandbox before its pool: a heap limit that no idle worker has (one of 50, the pool keeps
    // at most one worker per core) makes the pool start a new worker for the file.
    name: 'extractInSandbox (pdftotext, fresh worker per file)',
    optIn: true,
    run: async (pdf) => {
      freshFiles += 1;
      const maxMemoryMb = 206 + (freshFiles % 50);
      return (await extractInSandbox(pdf.bytes, 'pdf', { maxMemoryMb }, { pdfEngine: 'pdftotext' })).pages
        .length;
    },
  },
  {
    name: 'extractInSandbox (pdf.js, 1 worker)',
    run: async (pdf) =>
      (await extractInSandbox(pdf.bytes, 'pdf', {}, { pdfEngine: 'pdfjs', sharePdfPages: false })).pages
        .length,
  },
  {
    name: `extractInSandbox (pdf.js, pages across ${MAX_CONCURRENT_SANDBOXES} workers)`,
    run: async (pdf) => (await extractInSandbox(pdf.bytes, 'pdf', {}, { pdfEngine: 'pdfjs' })).pages.length,
  },
  {
    name: 'extractPdf in-thread (pdftotext)',
    run: async (pdf) => (await extractPdf(pdf.bytes, 'pdftotext')).pages.length,
  },
  {
    name: 'extractPdf in-thread (pdf.js)',
    run: async (pdf) => (await extractPdf(pdf.bytes, 'pdfjs')).pages.length,
  },
];

function chosenMethods(): Method[] {
  const all = HAS_PDFTOTEXT
    ? ALL_METHODS
    : ALL_METHODS.filter((method) => !method.name.includes('pdftotext'));
  const wanted = (process.env.BENCH_METHODS ?? '')
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
  if (wanted.length === 0) return all.filter((method) => !method.optIn);
  // The raw CLI is the reference for every ratio: always measured.
  return all.filter(
    (method) =>
      method.name === RAW ||
      wanted.some((word) => (method.optIn ? word === 'fresh' : method.name.toLowerCase().includes(word))),
  );
}

/** CPU seconds used so far by this process (all its threads) and its reaped children (Linux /proc; NaN elsewhere). */
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

/** CPU ticks so far of each thread of this process (Linux /proc/self/task), by thread id. */
function threadTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  try {
    for (const id of readdirSync('/proc/self/task')) {
      try {
        const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks.set(id, Number(fields[11]) + Number(fields[12]));
      } catch {
        // the thread ended meanwhile
      }
    }
  } catch {
    // not Linux
  }
  return ticks;
}

/** Reaped children's CPU seconds (poppler): cutime + cstime. */
function childSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/**
 * The CPU seconds of the busiest thread while one document was read, plus poppler's (which runs
 * while our thread waits for it): what the document would take on a machine with a free core for
 * each worker. On this shared machine the scheduler gives our session a fixed share of the CPU
 * whatever its number of threads (Linux autogroup), so wall time cannot show what two workers
 * gain; this column can.
 */
function criticalPathSeconds(
  before: Map<string, number>,
  after: Map<string, number>,
  children: number,
): number {
  let busiest = 0;
  for (const [id, ticks] of after) busiest = Math.max(busiest, ticks - (before.get(id) ?? 0));
  return busiest / CLOCK_TICKS + children;
}

/** A ratio to the raw CLI, or null when it was not measured (no poppler). */
function ratio(value: number): number | null {
  return Number.isFinite(value) ? Number(value.toFixed(2)) : null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main() {
  const methods = chosenMethods();
  const pdfs: Pdf[] = readdirSync(PDF_DIR)
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => {
      const file = path.join(PDF_DIR, name);
      return { name, file, bytes: new Uint8Array(readFileSync(file)) };
    });
  if (pdfs.length === 0) throw new Error(`no PDFs in ${PDF_DIR}`);
  const loadBefore = loadavg()[0];

  // Warm-up (module loading, JIT, the pool's workers, poppler's first start), as in a running
  // server: not timed. The largest PDF, so that pdf.js shares it across every worker of the pool.
  const largest = pdfs.reduce((a, b) => (b.bytes.byteLength > a.bytes.byteLength ? b : a));
  for (const method of methods) await method.run(largest);

  const seconds = new Map(methods.map((method) => [method.name, [] as number[]]));
  const cpu = new Map(methods.map((method) => [method.name, [] as number[]]));
  const critical = new Map(methods.map((method) => [method.name, [] as number[]]));
  const pages = new Map(methods.map((method) => [method.name, 0]));
  /** Pages per PDF per method: every method must find the same pages in the same files. */
  const pagesPerPdf = new Map<string, Map<string, number>>();
  for (let round = 0; round < ROUNDS; round += 1) {
    const spent = new Map(methods.map((method) => [method.name, 0]));
    const cpuSpent = new Map(methods.map((method) => [method.name, 0]));
    const criticalSpent = new Map(methods.map((method) => [method.name, 0]));
    const counted = new Map(methods.map((method) => [method.name, 0]));
    for (const [index, pdf] of pdfs.entries()) {
      const order = methods.map((_, offset) => methods[(index + round + offset) % methods.length]!);
      for (const method of order) {
        const started = performance.now();
        const cpuStarted = cpuSeconds();
        const threadsStarted = threadTicks();
        const childrenStarted = childSeconds();
        const found = await method.run(pdf);
        spent.set(method.name, spent.get(method.name)! + (performance.now() - started) / 1000);
        cpuSpent.set(method.name, cpuSpent.get(method.name)! + cpuSeconds() - cpuStarted);
        const path = criticalPathSeconds(threadsStarted, threadTicks(), childSeconds() - childrenStarted);
        criticalSpent.set(method.name, criticalSpent.get(method.name)! + path);
        counted.set(method.name, counted.get(method.name)! + found);
        const perMethod = pagesPerPdf.get(pdf.name) ?? new Map<string, number>();
        perMethod.set(method.name, found);
        pagesPerPdf.set(pdf.name, perMethod);
      }
    }
    for (const method of methods) {
      seconds.get(method.name)!.push(spent.get(method.name)!);
      cpu.get(method.name)!.push(cpuSpent.get(method.name)!);
      critical.get(method.name)!.push(criticalSpent.get(method.name)!);
      pages.set(method.name, counted.get(method.name)!);
    }
    process.stderr.write(
      `round ${round + 1}/${ROUNDS}: ${methods.map((method) => `${method.name} ${spent.get(method.name)!.toFixed(2)} s`).join(', ')}\n`,
    );
  }
  const disagreements = [...pagesPerPdf].filter(([, perMethod]) => new Set(perMethod.values()).size > 1);

  // Without pdftotext every ratio is NaN, printed as null / "—": there is nothing to compare with.
  const rawPages = pages.get(RAW) ?? Number.NaN;
  const rawWall = rawPages / median(seconds.get(RAW) ?? []);
  const rawCpu = rawPages / median(cpu.get(RAW) ?? []);
  const rawCritical = rawPages / median(critical.get(RAW) ?? []);
  const rows = methods.map((method) => {
    const wall = median(seconds.get(method.name)!);
    const cpuTime = median(cpu.get(method.name)!);
    const counted = pages.get(method.name)!;
    return {
      method: method.name,
      pages: counted,
      wallSeconds: Number(wall.toFixed(2)),
      pagesPerSecond: Math.round(counted / wall),
      ratioToRaw: ratio(counted / wall / rawWall),
      cpuSeconds: Number(cpuTime.toFixed(2)),
      pagesPerCpuSecond: Math.round(counted / cpuTime),
      cpuRatioToRaw: ratio(counted / cpuTime / rawCpu),
      busiestThreadSeconds: Number(median(critical.get(method.name)!).toFixed(2)),
      busiestThreadRatioToRaw: ratio(counted / median(critical.get(method.name)!) / rawCritical),
      wallRounds: seconds.get(method.name)!.map((value) => Number(value.toFixed(2))),
    };
  });
  const summary = {
    pdfs: pdfs.length,
    rounds: ROUNDS,
    cpus: cpus().length,
    loadAverage: { before: Number(loadBefore?.toFixed(1)), after: Number(loadavg()[0]?.toFixed(1)) },
    samePagesInEveryMethod: disagreements.length === 0,
    disagreements: Object.fromEntries(
      disagreements.map(([name, perMethod]) => [name, Object.fromEntries(perMethod)]),
    ),
    results: rows,
  };
  console.log(JSON.stringify(summary, null, 2));
  console.log('');
  console.log(
    '| method | pages | wall s (median round) | pages/s | × raw | CPU s | pages/CPU s | × raw (CPU) | busiest thread s | × raw (busiest thread) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.method} | ${row.pages} | ${row.wallSeconds} | ${row.pagesPerSecond} | ${row.ratioToRaw ?? '—'} | ${row.cpuSeconds} | ${row.pagesPerCpuSecond} | ${row.cpuRatioToRaw ?? '—'} | ${row.busiestThreadSeconds} | ${row.busiestThreadRatioToRaw ?? '—'} |`,
    );
  }
}

await main();
