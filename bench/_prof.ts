import { readFileSync, readdirSync } from 'node:fs';
import { extractPdf } from '@atempo/documents';
const dir = '/work/shared/corpus/financebench/pdfs';
const files = readdirSync(dir).filter(f=>f.endsWith('.pdf')).sort();
const engine = (process.argv[2] ?? 'pdfjs') as 'pdfjs'|'pdftotext';
for (const f of files) {
  const b = new Uint8Array(readFileSync(`${dir}/${f}`));
  const t = performance.now();
  const d = await extractPdf(b, engine);
  console.log(f, d.pages.length, Math.round(performance.now()-t));
}
