import type { TDeal } from '@atempo/contracts';
import { dealCitation } from '../../assistant/index.ts';
import type { DealRef } from './deal.ts';
import type { CitedMetric, IcMemoFacts } from './fact-types.ts';

/** The three figures the scoring engine's missing-key-data flag asks for, as the memo names them. */
const KEY_DATA: { names: string[]; label: string }[] = [
  { names: ['revenue', 'arr'], label: 'revenue or ARR' },
  { names: ['cash'], label: 'cash' },
  { names: ['monthly_burn'], label: 'monthly burn' },
];

const list = (items: string[]) =>
  items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * The scoring engine's missing-key-data flag reads the deal record only. When the memo holds a
 * figure for one of them (a document's, not yet accepted onto the record), the memo says that
 * instead of calling present data missing.
 */
function keyDataDescription(description: string, metrics: CitedMetric[]): string | null {
  // Only those the flag names: the record holds the others.
  const flagged = KEY_DATA.filter((item) => description.includes(item.label));
  const found = flagged.map((item) => ({
    ...item,
    metric: metrics.find((metric) => item.names.includes(metric.name)),
  }));
  const inDocuments = found.filter((item) => item.metric);
  if (inDocuments.length === 0) return null;
  const missing = found.filter((item) => !item.metric).map((item) => item.label);
  const stated = `${list(inDocuments.map((item) => item.label))} ${inDocuments.length === 1 ? 'is' : 'are'} stated in the documents (from the document, not yet accepted onto the deal record)`;
  if (missing.length === 0) {
    return `The deal record does not hold these key figures yet; ${stated}. Accept them to re-score the deal.`;
  }
  return `Key financial data is missing (${missing.length} of 3): ${list(missing)}; ${stated}. Runway and debt capacity cannot be fully assessed.`;
}

/** The red flags the scoring engine recorded on the deal, the missing-data one read against the memo's figures. */
export function redFlagFacts(
  deal: TDeal,
  dealRef: DealRef,
  metrics: CitedMetric[] = [],
): IcMemoFacts['red_flags'] {
  return (deal.red_flags ?? []).map((flag) => {
    const reread =
      flag.flag_type === 'missing_key_financials' ? keyDataDescription(flag.description, metrics) : null;
    // The footnote quotes what the record lacks, not the engine's "missing", which the memo corrects.
    const lacks = KEY_DATA.filter((item) => flag.description.includes(item.label)).map((item) => item.label);
    return {
      severity: flag.severity,
      category: flag.category,
      description: reread ?? flag.description,
      citation: dealCitation(
        dealRef,
        reread
          ? `${flag.severity}: the deal record holds no ${list(lacks)} (scoring engine, missing_key_financials)`
          : `${flag.severity}: ${flag.description}`,
      ),
    };
  });
}
