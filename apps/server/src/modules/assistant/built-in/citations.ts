import type { TCitation } from '@atempo/contracts';

/** The citations an answer shows: deduplicated, most relevant first, those about the subject ahead. */

const MAX_CITATIONS = 8;

const keyOf = (c: TCitation) =>
  `${c.target.kind}|${c.target.id ?? ''}|${c.target.location ?? ''}|${c.target.id ? '' : c.source}`;

export function rankCitations(
  citations: TCitation[],
  options: { keepIds?: Iterable<string>; subjectIds?: Iterable<string>; limit?: number } = {},
): TCitation[] {
  const keep = options.keepIds ? new Set(options.keepIds) : null;
  const subject = new Set(options.subjectIds ?? []);
  const byKey = new Map<string, TCitation>();
  for (const citation of citations) {
    // Calculations and portfolio totals have no id; they are kept when asked for by kind.
    if (keep && citation.target.id && !keep.has(citation.target.id)) continue;
    const relevance = clamp(
      citation.relevance + (citation.target.id && subject.has(citation.target.id) ? 0.1 : 0),
    );
    const key = keyOf(citation);
    const existing = byKey.get(key);
    if (!existing || existing.relevance < relevance) byKey.set(key, { ...citation, relevance });
  }
  return [...byKey.values()]
    .sort((a, b) => b.relevance - a.relevance || a.source.localeCompare(b.source))
    .slice(0, options.limit ?? MAX_CITATIONS);
}

export function citation(
  source: string,
  excerpt: string,
  target: TCitation['target'],
  relevance: number,
  date: string | null,
): TCitation {
  return { source, relevance: clamp(relevance), content_excerpt: excerpt.slice(0, 500), date, target };
}

const clamp = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 100) / 100;
