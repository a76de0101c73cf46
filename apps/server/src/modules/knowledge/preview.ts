import { KNOWLEDGE_PREVIEW_CHARS } from '@atempo/contracts';

/**
 * About KNOWLEDGE_PREVIEW_CHARS characters of a passage around its hit, whitespace collapsed, cut
 * on word boundaries. `needles` are the query's lexemes and words (lower case): Snowball stems are
 * prefixes of the words they come from in nearly every case ("expenditur" of "expenditures"), so
 * a word starting with one is a hit. The window holding the most different needles wins, starting
 * a little before its first. Done here rather than by ts_headline, which parses the whole passage
 * again for every result.
 */
export function previewAround(text: string, needles: string[]): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  const lower = plain.toLowerCase();
  const hits: { at: number; needle: number }[] = [];
  needles.forEach((needle, index) => {
    if (needle.length < 2) return;
    for (let at = lower.indexOf(needle); at >= 0 && hits.length < 2_000; at = lower.indexOf(needle, at + 1)) {
      if (at === 0 || !/[\p{L}\p{N}]/u.test(lower[at - 1] ?? '')) hits.push({ at, needle: index });
    }
  });
  hits.sort((x, y) => x.at - y.at);
  const span = KNOWLEDGE_PREVIEW_CHARS * 0.75;
  let best = hits[0]?.at ?? 0;
  let bestCount = 0;
  for (let i = 0; i < hits.length; i++) {
    const start = hits[i]?.at ?? 0;
    const seen = new Set<number>();
    for (let j = i; j < hits.length && (hits[j]?.at ?? 0) <= start + span; j++)
      seen.add(hits[j]?.needle ?? -1);
    if (seen.size > bestCount) {
      bestCount = seen.size;
      best = start;
    }
  }
  let from = Math.max(0, best - Math.floor(KNOWLEDGE_PREVIEW_CHARS / 5));
  if (from > 0) {
    const space = plain.indexOf(' ', from);
    if (space >= 0 && space < best) from = space + 1;
  }
  let to = Math.min(plain.length, from + KNOWLEDGE_PREVIEW_CHARS);
  if (to < plain.length) {
    const space = plain.lastIndexOf(' ', to);
    if (space > from + KNOWLEDGE_PREVIEW_CHARS / 2) to = space;
  }
  return `${from > 0 ? '…' : ''}${plain.slice(from, to).trim()}${to < plain.length ? '…' : ''}`;
}

/** The lexemes of tsquery texts ('capit' & 'expenditur' → capit, expenditur) and the typed words (not stop words). */
export function needlesOf(tsqueries: string[], words: string[]): string[] {
  const lexemes = tsqueries.flatMap((text) =>
    [...text.matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] ?? '').replace(/''/g, "'")),
  );
  return [...new Set([...lexemes, ...words].map((n) => n.toLowerCase()))];
}
