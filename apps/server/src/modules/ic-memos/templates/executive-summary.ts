import { euros } from '../../assistant/index.ts';
import { inline } from '../footnotes.ts';
import type { CitedMetric } from '../ic-memo-facts.ts';
import { decisionOf } from './decision.ts';
import { DEAL_TYPE_LABELS, DECISION_LABELS, RECOMMENDATION_LABELS, RISK_LEVEL_LABELS } from './labels.ts';
import type { Writer } from './writer.ts';

export function executiveSummary(w: Writer): string {
  const { deal, company } = w.facts;
  const where = [company.industry, company.country]
    .filter(Boolean)
    .map((part) => inline(String(part)))
    .join(', ');
  const lines = [
    `${inline(deal.company_name)}${where ? ` (${where})` : ''} requests ${w.cited(euros(deal.amount_requested), deal.citation)} of ${DEAL_TYPE_LABELS[deal.deal_type ?? ''] ?? 'debt financing'}; the deal is at the ${deal.stage_label} stage.`,
  ];
  if (deal.thematic_score !== null) {
    const recommendation = deal.thematic_recommendation
      ? `, recommendation ${RECOMMENDATION_LABELS[deal.thematic_recommendation]}`
      : '';
    lines.push(`Thematic score ${w.cited(String(deal.thematic_score), deal.citation)}/10${recommendation}.`);
  }
  // Each sentence that repeats another section names it, so a copy without that section can
  // leave the sentence out too (ic-memo-pdf-summary.ts).
  if (deal.red_flag_level) {
    const score =
      deal.red_flag_score !== null
        ? `red-flag score ${w.cited(String(deal.red_flag_score), deal.citation)}/10; `
        : '';
    lines.push(`Risk: ${RISK_LEVEL_LABELS[deal.red_flag_level]} (${score}see Risk Assessment).`);
  }
  const headline = [
    'arr',
    'revenue',
    'revenue_growth',
    'gross_margin',
    'monthly_burn',
    'cash',
    'runway_months',
  ]
    .map((name) => w.metric(name))
    .filter((metric): metric is CitedMetric => Boolean(metric))
    .map((metric) => `${metric.label} ${w.figure(metric)}`);
  if (headline.length > 0) lines.push(`Key figures (see Financial Analysis): ${headline.join('; ')}.`);
  else
    lines.push(
      w.gap(
        'no financial figures are recorded on the deal or read from its documents; upload financial statements, a financial model or a board pack.',
      ),
    );
  lines.push(facilityLine(w));
  lines.push(`Decision proposed: **${DECISION_LABELS[decisionOf(w.facts)]}** (see Recommendation).`);
  return lines.join(' ');
}

function facilityLine(w: Writer): string {
  const amount = w.term('facility_amount');
  if (amount) return `Term sheet facility: ${w.cited(amount.text, amount.citation)}.`;
  const suggestion = w.facts.suggested_facility;
  if (suggestion?.min != null && suggestion.max != null) {
    const range =
      suggestion.min === suggestion.max
        ? w.cited(euros(suggestion.min), suggestion.citation)
        : `${w.cited(euros(suggestion.min), suggestion.citation)} to ${w.cited(euros(suggestion.max), suggestion.citation)}`;
    return `No term sheet is uploaded; the suggested facility, a proposal, is ${range}.`;
  }
  return 'No term sheet is uploaded and no facility can be sized from the data.';
}
