import { readFileSync, readdirSync } from 'node:fs';
import { getDocumentProxy } from 'unpdf';
import { isPositionedText, layoutPageText } from '../packages/documents/src/pdf/pdfjs-text.ts';
const dir = '/work/shared/corpus/financebench/pdfs';
const files = readdirSync(dir).filter(f=>f.endsWith('.pdf')).sort().map(f => new Uint8Array(readFileSync(`${dir}/${f}`)));
type V = { name: string; open: Record<string, unknown>; text: Record<string, unknown> };
const base = { isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 };
const variants: V[] = [
  { name: 'current', open: base, text: {} },
  { name: 'disableNormalization', open: base, text: { disableNormalization: true } },
  { name: 'noImgDecoders', open: { ...base, isImageDecoderSupported: false, isOffscreenCanvasSupported: false, stopAtErrors: false, disableAutoFetch: true, disableStream: true }, text: { disableNormalization: true } },
];
async function run(v: V, bytes: Uint8Array) {
  const pdf = await getDocumentProxy(bytes.slice(), v.open as never);
  let chars = 0;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const c = await page.getTextContent(v.text as never);
    chars += layoutPageText((c.items as unknown[]).filter(isPositionedText)).length;
    page.cleanup();
  }
  await pdf.destroy();
  return chars;
}
await run(variants[0]!, files[5]!);
const cpu: Record<string, number[]> = {}; const wall: Record<string, number[]> = {};
for (let r = 0; r < Number(process.env.R ?? 2); r++) {
  for (const [i, _] of variants.entries()) {
    const v = variants[(i + r) % variants.length]!;
    const c0 = process.cpuUsage(); const t0 = performance.now(); let chars = 0;
    for (const f of files) chars += await run(v, f);
    const c = process.cpuUsage(c0);
    (cpu[v.name] ??= []).push((c.user + c.system) / 1e6); (wall[v.name] ??= []).push((performance.now() - t0) / 1000);
    console.log(v.name, chars, ((c.user + c.system) / 1e6).toFixed(2), ((performance.now() - t0) / 1000).toFixed(2));
  }
}
