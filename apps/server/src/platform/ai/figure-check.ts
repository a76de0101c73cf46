import { AMOUNT_SCALE_WORDS } from '@atempo/contracts';

/**
 * The figure check: every number an answer states must be found in the data the tools returned.
 * A figure is read with the precision it is written in ("€1.2M" stands for anything from €1.15M to
 * €1.25M; "65%" for 64.5–65.5 % or the fraction 0.645–0.655), so rounding for display passes and
 * a number the data never held does not. Years, quarters and fiscal-year labels are not figures;
 * numbers the question itself contains ("in the last 60 days") are allowed.
 */

/** A number as written in a text, with the values it may stand for and how precisely. */
export interface WrittenFigure {
  text: string;
  /** Candidate values with their half-precision: a source value within it supports the figure. */
  readings: { value: number; tolerance: number }[];
}

// currency? number (thousands separators, decimals) scale? unit?
/** The scale words, longest first so "mm" is read before "m". */
const SCALE_WORDS = Object.keys(AMOUNT_SCALE_WORDS)
  .sort((x, y) => y.length - x.length)
  .join('|');
const FIGURE = new RegExp(
  String.raw`(?<![\w.#/-])(?<currency>[€£$]|(?:EUR|GBP|USD)\s?)?(?<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)` +
    String.raw`(?:\s?(?<scale>${SCALE_WORDS})\b)?(?<unit>\s?%|\s?x\b|×)?`,
  'gi',
);
/** Dates and labels whose digits are not quantities. */
const NOT_FIGURES = [
  /\b\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?\b/g,
  /\b(?:FY|Q[1-4]|H[12])\s?'?\d{2,4}\b/gi,
  /\bQ[1-4]\b/g,
  /\b(?:19|20)\d{2}\b(?![.,]?\d|\s?(?:%|k|m\b|bn|million|x))/gi,
];

/** The figures written in a text, dates and period labels left out. */
export function figuresIn(text: string): WrittenFigure[] {
  let cleaned = text;
  for (const pattern of NOT_FIGURES) cleaned = cleaned.replace(pattern, (match) => ' '.repeat(match.length));
  const figures: WrittenFigure[] = [];
  for (const match of cleaned.matchAll(FIGURE)) {
    const groups = match.groups ?? {};
    const digits = (groups.number ?? '').replaceAll(',', '');
    const number = Number(digits);
    if (!Number.isFinite(number)) continue;
    const decimals = digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0;
    const halfStep = 0.5 * 10 ** -decimals;
    const scale = groups.scale ? (AMOUNT_SCALE_WORDS[groups.scale.toLowerCase()] ?? 1) : 1;
    const unit = groups.unit?.trim();
    const readings =
      unit === '%'
        ? [
            { value: number / 100, tolerance: halfStep / 100 },
            { value: number, tolerance: halfStep },
          ]
        : [{ value: number * scale, tolerance: halfStep * scale }];
    figures.push({ text: match[0].trim(), readings });
  }
  return figures;
}

/** Every number a tool output holds: numeric fields, and figures written inside its strings. */
export function numbersIn(value: unknown, into: number[] = []): number[] {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) into.push(Math.abs(value));
  } else if (typeof value === 'string') {
    for (const figure of figuresIn(value)) for (const reading of figure.readings) into.push(reading.value);
  } else if (Array.isArray(value)) {
    for (const item of value) numbersIn(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) numbersIn(item, into);
  }
  return into;
}

/** A small relative slack on top of the written precision, for binary floating point. */
const EPSILON = 1e-9;

function supported(figure: WrittenFigure, known: number[]): boolean {
  return figure.readings.some(({ value, tolerance }) =>
    known.some((candidate) => Math.abs(candidate - value) <= tolerance + EPSILON * Math.max(1, candidate)),
  );
}

/**
 * The figures of `answer` that no tool output supports. `allowed` holds texts whose numbers may be
 * repeated freely (the question, the conversation so far).
 */
export function findUnsupportedFigures(
  answer: string,
  toolOutputs: unknown[],
  allowed: string[] = [],
): string[] {
  const known = numbersIn([toolOutputs, allowed]);
  const unsupported = figuresIn(answer).filter((figure) => !supported(figure, known));
  return [...new Set(unsupported.map((figure) => figure.text))];
}
