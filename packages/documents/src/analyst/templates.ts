/**
 * Templates and blank forms: documents whose figures are placeholders ("[●]", "$[amount]", "______",
 * "{{company}}"). Their numbers are examples or thresholds, never a company's figures, so the
 * analyst reports no metrics for them.
 */
import type { ExtractedDocument } from '../types.ts';

/** Placeholders only templates have: bracketed blanks, merge fields. */
const PLACEHOLDER =
  /\[\s*(?:●|•|\*|x+|_+|\.{3,}|insert[^\]]{0,40}|name[^\]]{0,30}|company[^\]]{0,30}|amount[^\]]{0,20}|date[^\]]{0,20}|number[^\]]{0,20}|address[^\]]{0,20}|target[^\]]{0,30}|party[^\]]{0,30}|buyer[^\]]{0,20}|seller[^\]]{0,20}|●[^\]]{0,20})\s*\]|\{\{[^}]{1,40}\}\}|<<[^>]{1,40}>>|\[\s{1,6}\]/gi;
/** Fill-in lines ("Name: ________"): blank forms have many; signed filings have a few signature lines. */
const BLANK_LINE = /_{6,}/g;

export interface TemplateSignal {
  isTemplate: boolean;
  placeholders: number;
}

export function documentText(doc: ExtractedDocument, maxChars = 400_000): string {
  const parts: string[] = [];
  let total = 0;
  for (const p of doc.pages) {
    if (total > maxChars) break;
    parts.push(p.text);
    total += p.text.length;
  }
  for (const s of doc.sheets) {
    for (const c of s.cells) {
      if (total > maxChars) break;
      if (typeof c.value === 'string') {
        parts.push(c.value);
        total += c.value.length;
      }
    }
  }
  return parts.join('\n');
}

const templateCache = new WeakMap<ExtractedDocument, TemplateSignal>();

/** A template or blank form: several placeholders, many fill-in lines, or it says it is one. */
export function detectTemplate(doc: ExtractedDocument): TemplateSignal {
  const cached = templateCache.get(doc);
  if (cached) return cached;
  const signal = readTemplateSignal(doc);
  templateCache.set(doc, signal);
  return signal;
}

function readTemplateSignal(doc: ExtractedDocument): TemplateSignal {
  const text = documentText(doc, 200_000);
  const placeholders = (text.match(PLACEHOLDER) ?? []).length;
  const blanks = (text.match(BLANK_LINE) ?? []).length;
  const saysTemplate =
    /\b(?:this\s+(?:template|form)|template\s+(?:for|version)|sample\s+form|blank\s+form|\[?insert\s+(?:name|date|amount))\b|^[\w ]{0,40}\btemplate\s*$/im.test(
      text,
    );
  const words = Math.max(1, text.split(/\s+/).length);
  const isTemplate =
    placeholders >= 3 || (placeholders >= 1 && saysTemplate) || (blanks >= 10 && blanks / words > 0.004);
  return { isTemplate, placeholders: placeholders + blanks };
}
