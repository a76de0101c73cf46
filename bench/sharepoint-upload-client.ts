/**
 * The reference's uploader in bench/sharepoint-ingestion.ts, in its own process as a browser would
 * be: says `ready` on stdout once loaded, reads its plan (JSON) on stdin, then uploads each file
 * from disk through `POST /api/v1/workflows/document-processing` (multipart: deal_id, company_name,
 * file), `concurrency` at a time, and prints one JSON line: the document ids, failures, seconds.
 */
import { openAsBlob } from 'node:fs';

interface Plan {
  url: string;
  token: string;
  concurrency: number;
  files: { path: string; name: string; dealId: string; companyName: string }[];
}

async function readPlan(): Promise<Plan> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Plan;
}

process.stdout.write('ready\n');
const plan = await readPlan();
const started = process.hrtime.bigint();
const documentIds: string[] = [];
const failures: string[] = [];
let next = 0;

async function worker(): Promise<void> {
  for (;;) {
    const file = plan.files[next++];
    if (!file) return;
    const form = new FormData();
    form.set('deal_id', file.dealId);
    form.set('company_name', file.companyName);
    form.set('file', await openAsBlob(file.path), file.name);
    const response = await fetch(plan.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${plan.token}` },
      body: form,
    });
    const text = await response.text();
    if (response.status === 202) documentIds.push((JSON.parse(text) as { document_id: string }).document_id);
    else failures.push(`${file.name}: HTTP ${response.status} ${text.slice(0, 200)}`);
  }
}

await Promise.all(Array.from({ length: Math.max(1, plan.concurrency) }, () => worker()));
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const cpu = process.cpuUsage();
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
process.stdout.write(`${JSON.stringify({ documentIds, failures, seconds, cpuSeconds })}\n`);
