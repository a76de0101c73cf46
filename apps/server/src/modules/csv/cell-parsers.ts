/** Cell text → the values our contracts expect: amounts, fractions, timestamps and labels. */

import { AMOUNT_SCALE_WORDS } from '@atempo/contracts';
import type { Kind } from './field-aliases.ts';
import { DEAL_STAGE_LABELS, DEAL_TYPE_LABELS, SOURCE_TYPE_LABELS } from './value-labels.ts';

const labelKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const MULTIPLIERS: Readonly<Record<string, number>> = { '': 1, ...AMOUNT_SCALE_WORDS };

/** '€5M', '5,000,000', '$2.5m', '750k', '1.2bn', '1.234.567,89', '(1,000)' → a number; undefined when not one. */
export function parseNumber(raw: string): number | undefined {
  let text = raw.trim().toLowerCase().replace(/\s+/g, '');
  let sign = 1;
  if (/^\(.*\)$/.test(text)) {
    sign = -1;
    text = text.slice(1, -1);
  }
  text = text.replace(/^(eur|usd|gbp|chf|[€$£])|(eur|usd|gbp|chf|[€$£])$/g, '');
  if (text.startsWith('-')) {
    sign = -sign;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  text = text.replace(/^(eur|usd|gbp|chf|[€$£])/, '');
  const match = /^([\d.,]+)([a-z]*)$/.exec(text);
  if (!match) return undefined;
  const multiplier = MULTIPLIERS[match[2]!];
  if (multiplier === undefined) return undefined;
  let digits = match[1]!;
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the later one is the decimal mark.
    digits = lastComma > lastDot ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  } else if (lastComma >= 0) {
    digits = /^\d{1,3}(,\d{3})+$/.test(digits) ? digits.replace(/,/g, '') : digits.replace(',', '.');
  } else if ((digits.match(/\./g) ?? []).length > 1) {
    digits = digits.replace(/\./g, '');
  }
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(digits)) return undefined;
  return sign * Number(digits) * multiplier;
}

/** '45%' → 0.45, '0.45' → 0.45 (a plain number is taken as a fraction already). */
export function parseFraction(raw: string): number | undefined {
  const text = raw.trim();
  if (text.endsWith('%')) {
    const value = parseNumber(text.slice(0, -1));
    return value === undefined ? undefined : Math.round(value * 1e6) / 1e8;
  }
  return parseNumber(text);
}

function parseTimestamp(raw: string): string {
  const text = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text}T00:00:00Z`;
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    return text.replace(' ', 'T');
  }
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** A cell's value for its field; text the parsers cannot read is passed on for validation to reject. */
export function parseCell(raw: string, kind: Kind): unknown {
  // Undo the quote our export puts before text a spreadsheet would run as a formula.
  const text = /^'[=+\-@]/.test(raw) ? raw.slice(1) : raw;
  switch (kind) {
    case 'text':
      return text.trim();
    case 'amount':
      return parseNumber(text) ?? text;
    case 'fraction':
      return parseFraction(text) ?? text;
    case 'integer': {
      const value = parseNumber(text);
      return value === undefined ? text : value;
    }
    case 'deal_stage':
      return DEAL_STAGE_LABELS[labelKey(text)] ?? text.trim();
    case 'source_type':
      return SOURCE_TYPE_LABELS[labelKey(text)] ?? text.trim();
    case 'deal_type':
      return DEAL_TYPE_LABELS[labelKey(text)] ?? text.trim();
    case 'timestamp':
      return parseTimestamp(text);
  }
}
