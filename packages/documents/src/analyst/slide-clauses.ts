/**
 * Figures inside sentences on slides ("RAISING ₹2.5 CR BRIDGE TO ₹10 CR IN ARR", "$600k convertible
 * note", "Total Required Investment is 50,000 euros"): each figure with the nearest metric words of
 * its clause, a sentence set in a narrow column joined over its lines.
 */
import { findRanges, type ParsedRange } from './amount-ranges.ts';
import { findAmounts, type ParsedAmount } from './amounts.ts';
import { PROJECTION_WORDS, readCaption } from './deck-vocabulary.ts';
import { type Found, goalAmount, monthlyBasis, periodOf, SCORE, unitsFor } from './slide-found.ts';
import { isYearMark, type LayoutCell, type LayoutLine } from './slide-layout.ts';

/** How far (in characters) a metric word may stand from its figure in a clause. */
const NEAR = 20;

/** Clause limits: sentence ends and bullets (a "·" joins a label and its value on slides, so it does not). */
const CLAUSE_END = /[.;•●▪|](?:\s|$)|\s[-–—]\s/g;

/** Figures inside sentences: the nearest metric words of the clause, before or after the figure. */
export function fromClauses(lines: LayoutLine[]): Array<[Found, number]> {
  const out: Array<[Found, number]> = [];
  for (const [i, line] of lines.entries()) {
    for (const cell of line.cells) {
      const figureCell =
        /^(?:~|≈|\+|>|<)?\s?[-–(]?[₹$€£¥\d]/u.test(cell.text) && findAmounts(cell.text).length === 1;
      if (figureCell) continue; // a box, read with its captions
      const own = withCurrencyBelow(lines, i, cell);
      const text = withColumnNeighbours(lines, i, own, cell.start, cell.end);
      const ranges = findRanges(text);
      const amounts = findAmounts(text).filter(
        (a) =>
          !isYearMark(a, text) &&
          !/^\p{L}/u.test(text.slice(a.index + a.text.length)) && // "3rd", "24/7" are no figures
          !ranges.some((r) => a.index >= r.index && a.index < r.index + r.text.length),
      );
      const figures: Array<{
        amount: ParsedAmount | null;
        range: ParsedRange | null;
        index: number;
        text: string;
      }> = [
        ...amounts.map((a) => ({ amount: a, range: null, index: a.index, text: a.text })),
        ...ranges.map((r) => ({ amount: null, range: r, index: r.index, text: r.text })),
      ].sort((a, b) => a.index - b.index);
      for (const [k, fig] of figures.entries()) {
        // only figures printed in this cell: neighbours lend their words, not their figures
        if (!own.includes(fig.text)) continue;
        const prevEnd = k > 0 ? (figures[k - 1]?.index ?? 0) + (figures[k - 1]?.text.length ?? 0) : 0;
        const nextStart = k + 1 < figures.length ? (figures[k + 1]?.index ?? text.length) : text.length;
        let left = text.slice(prevEnd, fig.index);
        let right = text.slice(fig.index + fig.text.length, nextStart);
        left = left.slice(lastClauseEnd(left));
        const stop = right.search(CLAUSE_END);
        if (stop >= 0) right = right.slice(0, stop);
        // "from ₹1.26 Cr ARR", "to ₹10 Cr ARR": words before "from" / "to" belong to another figure
        const leftOpen = !/\b(?:to|from|vs\.?|versus|and|or|of\s+which)\s+(?:a\s+|an\s+)?$/i.test(left);
        const accepts = unitsFor(fig.amount, fig.range);
        const l = leftOpen ? readCaption(left.slice(-48), accepts, 'last') : null;
        const r = readCaption(right.slice(0, 48), accepts, 'first');
        const lDist = l ? left.slice(-48).length - (l.index + l.length) : Number.POSITIVE_INFINITY;
        const rDist = r ? r.index : Number.POSITIVE_INFINITY;
        // the words must stand next to the figure: a few connecting words at most ("ARR today ·", "is", "of")
        if (Math.min(lDist, rDist) > NEAR) continue;
        const reading = lDist <= rDist ? l : r;
        if (!reading) continue;
        const clause = `${left}${fig.text}${right}`;
        out.push([
          {
            reading,
            amount: fig.amount,
            range: fig.range,
            literal: fig.text,
            context: clause,
            excerpt: clause.trim(),
            projection: PROJECTION_WORDS.test(clause) || goalAmount(clause, fig.text),
            period: periodOf(clause),
            monthly: monthlyBasis(clause),
          },
          SCORE.clause,
        ]);
      }
    }
  }
  return out;
}

const CURRENCY_WORD = /^(?:euros?|EUR|USD|US\s?dollars|dollars|GBP|pounds|PLN|zł|złotych|CHF|INR|rupees)\b/i;

/**
 * "we need 20,000" / "euros (costs + infra)": a number ending its line whose currency word opens the
 * next line of the same column reads as one amount.
 */
function withCurrencyBelow(lines: LayoutLine[], i: number, cell: LayoutCell): string {
  if (!/\d$/.test(cell.text)) return cell.text;
  const line = lines[i] as LayoutLine;
  const next = lines[i + 1];
  if (!next || next.row !== line.row + 1) return cell.text;
  const below = next.cells.find((c) => Math.abs(c.start - cell.start) <= 8);
  const word = below ? CURRENCY_WORD.exec(below.text) : null;
  return word ? `${cell.text} ${word[0]}` : cell.text;
}

function lastClauseEnd(text: string): number {
  let end = 0;
  for (const m of text.matchAll(CLAUSE_END)) end = m.index + m[0].length;
  return end;
}

/**
 * A sentence set in a narrow column continues on the next printed lines of the same column
 * ("SEOmoz takes an / investment of $1.1M / from Ignition Partners"): the cells just above and below
 * in the same columns join it, when they are prose.
 */
function withColumnNeighbours(
  lines: LayoutLine[],
  i: number,
  text: string,
  start: number,
  end: number,
): string {
  const line = lines[i] as LayoutLine;
  if (line.cells.length < 2) return text;
  const near = (step: 1 | -1) => {
    const other = lines[i + step];
    if (!other || Math.abs(other.row - line.row) > 1 || other.cells.length < 2) return '';
    const c = other.cells.find((x) => x.start - 3 < end && start - 3 < x.end);
    return c && !/^[\p{Lu}\s\d·&]+$/u.test(c.text) ? c.text : '';
  };
  return [near(-1), text, near(1)].filter((t) => t.length > 0).join(' ');
}
