/**
 * The cells of a rounds export as real files carry them: amounts in Indian or Western digit
 * grouping with a trailing "+", words meaning "no figure", Python-escaped mojibake such as the
 * literal text "\xc2\xa0", and stage spellings of every kind. Each reader says what it could not read
 * rather than guessing.
 */
import { readAmountCell } from '@atempo/documents';

/**
 * Literal "\xHH" escapes (a bytes repr written into the file, its backslash sometimes doubled)
 * decoded as the UTF-8 they spell.
 */
const ESCAPED_BYTES = /(?:\\{1,2}x[0-9a-fA-F]{2})+/g;
/** Cells that say the value is not known: no figure, never 0. */
const NO_VALUE = /^(?:n\/?a|nan|null|none|nil|unknown|undisclosed|not disclosed|not available|-+|\?)$/i;

/** A cell cleaned of escaped bytes and non-breaking spaces; empty when it only says "no value". */
export function cleanCell(cell: string): string {
  const decoded = cell.replace(ESCAPED_BYTES, (run) =>
    Buffer.from(
      run
        .split('\\x')
        .slice(1)
        .map((hex) => Number.parseInt(hex, 16)),
    ).toString('utf8'),
  );
  return decoded
    .replace(/\\+[nrt]/g, ' ')
    .replace(/[\u00a0\s]+/g, ' ')
    .trim();
}

export const saysNoValue = (cell: string) => NO_VALUE.test(cell.trim());

export type AmountRead =
  | { kind: 'none' }
  | { kind: 'amount'; value: number; currency: string | null; lowerBound: boolean }
  | { kind: 'unreadable' };

/**
 * "20,00,00,000" (Indian grouping) and "20,000,000" (Western) are both read by dropping every
 * grouping comma: comma positions cannot tell the conventions apart below 1,00,000 and agree above
 * it once removed. A trailing "+" marks a lower bound; it is kept as the figure and flagged.
 */
export function readImportAmount(cell: string, scale = 1): AmountRead {
  const text = cleanCell(cell);
  if (text === '' || saysNoValue(text)) return { kind: 'none' };
  const lowerBound = /\+$/.test(text);
  // "1,000,000," and "5,000,000+": a stray trailing comma or a lower-bound plus around the figure
  const bare = text.replace(/[+,.]+$/, '').trim();
  const plain = /^\d{1,3}(?:,\d{2,3})*(?:\.\d+)?$|^\d+(?:\.\d+)?$/.exec(bare);
  if (plain) {
    const value = Number(bare.replace(/,/g, '')) * scale;
    return value > 0
      ? { kind: 'amount', value: Math.round(value * 100) / 100, currency: null, lowerBound }
      : { kind: 'none' };
  }
  const read = readAmountCell(bare);
  if (!read) return { kind: 'unreadable' };
  return {
    kind: 'amount',
    value: Math.round(read.value * scale * 100) / 100,
    currency: read.currency,
    lowerBound,
  };
}

/**
 * A round-type cell in the product's stages (spec 02: Pre-Seed, Seed, Series A–C, Series D+,
 * Growth, Debt), or null when it names none of them ("Venture", "Crowd funding"). Spellings seen in
 * exports: "Seed/ Angel Funding", "Seed / Angle Funding", "pre-Series A", "Private Equity Round",
 * "Debt Funding", Crunchbase's type "venture" with code "B", "series-a", "debt_financing".
 */
export function readStageCell(type: string | undefined, code?: string): string | null {
  const norm = (text: string) =>
    cleanCell(text)
      .toLowerCase()
      .replace(/[^a-z0-9+]+/g, ' ')
      .replace(/\bangle\b/g, 'angel')
      .trim();
  const series = code ? norm(code) : '';
  const letter = /^(?:series )?([a-z])$/.exec(series)?.[1];
  if (letter) return seriesStage(letter);
  const t = type ? norm(type) : '';
  if (!t || saysNoValue(t)) return null;
  if (/\bpre ?seed\b/.test(t)) return 'Pre-Seed';
  if (/\bpre ?series ?a\b/.test(t)) return 'Seed';
  const seriesOf = /\bseries ?([a-z])\b/.exec(t)?.[1];
  if (seriesOf) return seriesStage(seriesOf);
  if (/\b(?:seed|angel)\b/.test(t)) return /\bseed\b/.test(t) ? 'Seed' : 'Pre-Seed';
  if (/\b(?:debt|loan|credit|convertible|mezzanine|venture debt|notes?)\b/.test(t)) return 'Debt';
  if (/\b(?:private ?equity|pe|growth|late stage|buyout|post ipo)\b/.test(t)) return 'Growth';
  return null;
}

function seriesStage(letter: string): string {
  if (letter === 'a') return 'Series A';
  if (letter === 'b') return 'Series B';
  if (letter === 'c') return 'Series C';
  return 'Series D+';
}
