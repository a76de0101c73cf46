import type { TCitation } from '@atempo/contracts';

/**
 * Where a citation leads. A deal opens its own page (/deals/{id}/intelligence: the app's only
 * address for one deal; the pipeline opens deals in a panel), a company its detail page. A document
 * opens its file, which needs the bearer token, so it is an action rather than an address.
 * Calculations, portfolio totals and signals are shown, not linked.
 */
export type CitationTarget =
  | { kind: 'page'; to: string; label: string }
  | { kind: 'document'; documentId: string }
  | { kind: 'none' };

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
    default:
      // Signals have no page of their own yet.
      return { kind: 'none' };
  }
}
