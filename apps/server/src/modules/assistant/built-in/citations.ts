import type { TCitation } from '@atempo/contracts';

/**
 * The citations an answer shows: deduplicated, those backing the answer's first lines ahead, then
 * the most relevant. `keepIds` drops citations of things the answer does not mention; `orderIds`
 * lists ids in the order the answer names them.
 */

const MAX_CITATIONS = 8;

const keyOf = (c: TCitation) =>
  `${c.target.kind}|${c.target.id ?? ''}|${c.target.location ?? ''}|${c.target.id ? '' : c.source}`;

export function rankCitations(
  citations: TCitation[],
  options: { keepIds?: Iterable<string>; orderIds?: string[]; limit?: number } = {},
): TCitation[] {
  const keep = options.keepIds ? new Set(options.keepIds) : null;
  const order = options.orderIds ?? [];
  const byKey = new Map<string, TCitation>();
  for (const citation of citations) {
    // Calculations and portfolio totals have no id and are kept.
    if (keep && citation.target.id && !keep.has(citation.target.id)) continue;
    const key = keyOf(citation);
    const existing = byKey.get(key);
    if (!existing || existing.relevance < citation.relevance)
      byKey.set(key, { ...citation, relevance: clamp(citation.relevance) });
  }
  const rank = (c: TCitation) => {
    const at = c.target.id ? order.indexOf(c.target.id) : -1;
    return at < 0 ? order.length : at;
  };
  return [...byKey.values()]
    .sort((a, b) => rank(a) - rank(b) || b.relevance - a.relevance || a.source.localeCompare(b.source))
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
