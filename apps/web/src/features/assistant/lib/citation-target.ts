import type { TCitation } from '@atempo/contracts';

/**
 * Where a citation leads. A deal opens its own page (/deals/{id}/intelligence: the app's only
 * address for one deal; the pipeline opens deals in a panel), a company its detail page. A document
 * opens its file, which needs the bearer token, so it is an action rather than an address. Market
 * signals and funding announcements have no page of their own: they open the Intelligence page
 * where they are listed, and carry the source article's address when there is one. Calculations
 * and portfolio totals are shown, not linked.
 */
export type CitationTarget =
  | { kind: 'page'; to: string; label: string; articleUrl?: string }
  | { kind: 'document'; documentId: string }
  | { kind: 'none' };

/** Only web addresses are linked: a feed could hand us "javascript:" or worse. */
function webAddress(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export function citationTarget(citation: TCitation): CitationTarget {
  const { kind, id } = citation.target;
  if (!id) return { kind: 'none' };
  switch (kind) {
    case 'deal':
      return { kind: 'page', to: `/deals/${encodeURIComponent(id)}/intelligence`, label: 'Open deal' };
    case 'company':
      return { kind: 'page', to: `/companies/${encodeURIComponent(id)}`, label: 'Open company' };
    case 'document':
      return { kind: 'document', documentId: id };
    case 'signal':
    case 'funding_announcement': {
      const articleUrl = webAddress(citation.target.url);
      return {
        kind: 'page',
        to: '/intelligence',
        label: 'Open Intelligence',
        ...(articleUrl ? { articleUrl } : {}),
      };
    }
    default:
      return { kind: 'none' };
  }
}
