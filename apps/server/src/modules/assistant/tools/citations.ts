import type { TCitation, TSourcedMetric } from '@atempo/contracts';

/**
 * The citations every tool output carries, named as a person would name the source: "Acme Ltd —
 * deal #12", "Board pack.pdf, page 4", "Calculation: runway". The client links deal, company and
 * document targets to their pages.
 */

/** Euros written out in full ("€6,300,000"): a citation quotes the figure exactly. */
export function euros(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}€${Math.abs(amount).toLocaleString('en-GB', { maximumFractionDigits: 2 })}`;
}

/** A figure as a citation quotes it: euros in full, fractions as percentages. */
export function quoted(metric: Pick<TSourcedMetric, 'unit' | 'value'>): string {
  if (metric.unit === 'currency') return euros(metric.value);
  if (metric.unit === 'fraction') return `${Math.round(metric.value * 10_000) / 100}%`;
  if (metric.unit === 'months') return `${metric.value} months`;
  return String(metric.value);
}

export const dealSource = (companyName: string, dealNumber: number) => `${companyName} — deal #${dealNumber}`;

export function dealCitation(
  deal: { id: string; deal_number: number; company_name: string; updated_at: string },
  excerpt: string,
  relevance = 1,
): TCitation {
  return {
    source: dealSource(deal.company_name, deal.deal_number),
    relevance,
    content_excerpt: excerpt,
    date: deal.updated_at,
    target: { kind: 'deal', id: deal.id, location: null },
  };
}

export function companyCitation(
  company: { id: string; name: string; updated_at: string | null },
  excerpt: string,
  relevance = 1,
): TCitation {
  return {
    source: company.name,
    relevance,
    content_excerpt: excerpt,
    date: company.updated_at,
    target: { kind: 'company', id: company.id, location: null },
  };
}

export function documentCitation(
  document: { id: string; name: string; created_at: string | null },
  location: string | null,
  excerpt: string,
  relevance = 1,
): TCitation {
  return {
    source: location ? `${document.name}, ${location}` : document.name,
    relevance,
    content_excerpt: excerpt,
    date: document.created_at,
    target: { kind: 'document', id: document.id, location },
  };
}

export function calculationCitation(label: string, excerpt: string): TCitation {
  return {
    source: `Calculation: ${label}`,
    relevance: 1,
    content_excerpt: excerpt,
    date: null,
    target: { kind: 'calculation', id: null, location: null },
  };
}

export function portfolioCitation(source: string, excerpt: string, date: string | null): TCitation {
  return {
    source,
    relevance: 1,
    content_excerpt: excerpt,
    date,
    target: { kind: 'portfolio', id: null, location: null },
  };
}
