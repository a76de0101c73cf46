import { execFile, spawn } from 'node:child_process';
import { UNREADABLE } from '../messages.ts';
import { UnreadableDocumentError } from '../types.ts';

/**
 * Runs one poppler tool (pdftotext, pdfinfo) on PDF bytes given on stdin. The tool is started
 * through `sh` with `ulimit` so that the kernel itself bounds its CPU time and memory: even when the
 * thread that started it is terminated (the sandbox's timeout), a runaway process cannot outlive
 * its limits.
 */

export interface PopplerRun {
  tool: 'pdftotext' | 'pdfinfo';
  args: string[];
  bytes: Uint8Array;
  timeoutMs: number;
  maxMemoryMb: number;
  /** Output beyond this many bytes is not needed: the tool is stopped and `cut` is set. */
  maxOutputBytes: number;
}

export interface PopplerOutput {
  stdout: string;
  stderr: string;
  cut: boolean;
}

let available: Promise<boolean> | undefined;

/** Whether poppler's pdftotext and pdfinfo are installed; asked once per process. */
export function popplerAvailable(): Promise<boolean> {
  // The tools are started through a POSIX shell (for ulimit); elsewhere pdf.js reads PDFs.
  if (process.platform === 'win32') return Promise.resolve(false);
  available ??= Promise.all([probe('pdftotext'), probe('pdfinfo')]).then(([text, info]) => text && info);
  return available;
}

function probe(tool: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(tool, ['-v'], { timeout: 5_000 }, (error) => resolve(!error));
  });
}

const LIMITED_EXEC = 'ulimit -t "$1"; ulimit -v "$2"; shift 2; exec "$@"';

export function runPoppler(run: PopplerRun): Promise<PopplerOutput> {
  return new Promise((resolve, reject) => {
    const cpuSeconds = String(Math.max(1, Math.ceil(run.timeoutMs / 1000)));
    const memoryKb = String(run.maxMemoryMb * 1024);
    const child = spawn('/bin/sh', ['-c', LIMITED_EXEC, 'sh', cpuSeconds, memoryKb, run.tool, ...run.args], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let cut = false;
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, run.timeoutMs);

    child.stdout.on('data', (chunk: Buffer) => {
      if (cut) return;
      const room = run.maxOutputBytes - outBytes;
      if (chunk.length >= room) {
        out.push(chunk.subarray(0, room));
        outBytes += room;
        cut = true;
        child.kill('SIGKILL');
        return;
      }
      out.push(chunk);
      outBytes += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    // The tool may stop reading early (a damaged file); a broken pipe is not our failure.
    child.stdin.on('error', () => {});
    child.stdin.end(run.bytes);

    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new UnreadableDocumentError(UNREADABLE.pdfDamaged, { cause: error }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString('utf8');
      if (cut) return resolve({ stdout, stderr, cut });
      if (timedOut || signal === 'SIGXCPU') return reject(new UnreadableDocumentError(UNREADABLE.timeout));
      if (code === 0) return resolve({ stdout, stderr, cut });
      reject(popplerError(stderr, code, signal));
    });
  });
}

function popplerError(
  stderr: string,
  code: number | null,
  signal: NodeJS.Signals | null,
): UnreadableDocumentError {
  const cause = new Error(`poppler exited with ${signal ?? code}: ${stderr.slice(0, 500)}`);
  if (/incorrect password/i.test(stderr))
    return new UnreadableDocumentError(UNREADABLE.pdfPassword, { cause });
  if (
    /out of memory|bad_alloc|std::bad_alloc/i.test(stderr) ||
    signal === 'SIGABRT' ||
    signal === 'SIGSEGV'
  ) {
    return new UnreadableDocumentError(UNREADABLE.memory, { cause });
  }
  return new UnreadableDocumentError(UNREADABLE.pdfDamaged, { cause });
}
