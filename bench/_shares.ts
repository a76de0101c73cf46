import { readFileSync, readdirSync } from 'node:fs';
import { extractDocument } from '/work/wt/pdf/packages/documents/src/index.ts';
const dir = '/work/shared/corpus/financebench/pdfs';
const files = readdirSync(dir).filter(f=>f.endsWith('.pdf')).sort().map(f => new Uint8Array(readFileSync(`${dir}/${f}`)));
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1e6; };
await extractDocument(files[5]!, 'pdf', {}, { pdfEngine: 'pdfjs' });
const mode = process.argv[2];
for (let r = 0; r < 2; r++) {
  let single = 0, halves = 0, contiguous = 0;
  for (const f of files) {
    let c = cpu(); await extractDocument(f, 'pdf', {}, { pdfEngine: 'pdfjs' }); single += cpu() - c;
    c = cpu(); for (const index of [0, 1]) await extractDocument(f, 'pdf', {}, { pdfEngine: 'pdfjs', pageShare: { index, count: 2 } }); halves += cpu() - c;
  }
  console.log('single', single.toFixed(2), 'two interleaved shares', halves.toFixed(2));
}
