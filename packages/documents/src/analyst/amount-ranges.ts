/**
 * Ranges as decks print them: "$20-$25 Million", "$12 - $13 million", "$6-7 Million", "$15–17B",
 * "€1–2m". The scale and currency are usually written once, at one end; both ends take them. Read as
 * one amount per end the low end would lose its scale ("$12") and the high end would turn negative
 * ("-$13 million"), so a range is read as a range or not at all.
 */
import { findAmounts, type ParsedAmount } from './amounts.ts';

export interface ParsedRange {
  low: number;
  high: number;
  currency: string | null;
  /** As printed. */
  text: string;
  index: number;
}

/** Two amounts joined by a dash or "to", the first without a scale of its own. */
const JOIN = /^\s?(?:[-–—]|to)\s?$/i;

export function findRanges(text: string): ParsedRange[] {
  const amounts = findAmounts(text);
  const out: ParsedRange[] = [];
  for (let i = 0; i < amounts.length; i++) {
    const a = amounts[i] as ParsedAmount;
    let b = amounts[i + 1];
    if (!b || a.percent || a.multiple) continue;
    // "$20-$25 Million": the reader takes the dash as the second amount's minus sign
    const dashInB = /^[-–—−]/.test(b.text);
    const gap = text.slice(a.index + a.text.length, b.index);
    if (!(JOIN.test(gap) || (dashInB && gap.trim() === ''))) continue;
    if (dashInB) {
      const unsigned = findAmounts(b.text.replace(/^[-–—−]\s?/, ''))[0];
      if (!unsigned) continue;
      b = { ...unsigned, index: b.index, text: b.text };
    }
    if (b.percent || b.multiple || b.value <= 0 || a.value < 0) continue;
    if (a.scale !== null && b.scale !== null && a.scale !== b.scale) continue;
    if (a.currency && b.currency && a.currency !== b.currency) continue;
    // "2019-2020", "3-5 investors": a money range states its currency or scale at one end at least
    if (!a.currency && !b.currency && a.scale === null && b.scale === null) continue;
    const scale = b.scale ?? a.scale ?? 1;
    const low = a.scale === null ? a.value * scale : a.value;
    const high = b.scale === null ? b.value * scale : b.value;
    if (!(low < high)) continue;
    out.push({
      low,
      high,
      currency: a.currency ?? b.currency,
      text: text.slice(a.index, b.index + b.text.length),
      index: a.index,
    });
    i++;
  }
  return out;
}

/** The amounts of a text that are not an end of a range. */
export function amountsOutsideRanges(text: string, amounts: ParsedAmount[]): ParsedAmount[] {
  const ranges = findRanges(text);
  if (ranges.length === 0) return amounts;
  return amounts.filter((a) => !ranges.some((r) => a.index >= r.index && a.index < r.index + r.text.length));
}
