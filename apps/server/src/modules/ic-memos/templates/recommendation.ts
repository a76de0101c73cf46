import { decisionOf } from './decision.ts';
import { DECISION_LABELS, RECOMMENDATION_LABELS, RISK_LEVEL_LABELS } from './labels.ts';
import type { Writer } from './writer.ts';

export function recommendation(w: Writer): string {
  const { deal } = w.facts;
  const decision = decisionOf(w.facts);
  const lines = [`**${DECISION_LABELS[decision]}.**`];
  const basis: string[] = [];
  if (deal.thematic_recommendation && deal.thematic_score !== null) {
    basis.push(
      `the thesis recommends ${RECOMMENDATION_LABELS[deal.thematic_recommendation].toLowerCase()} with a thematic score of ${w.cited(String(deal.thematic_score), deal.citation)}/10`,
    );
  }
  if (deal.red_flag_level) basis.push(`the risk rating is ${RISK_LEVEL_LABELS[deal.red_flag_level]}`);
  if (basis.length > 0) lines.push(`Basis: ${basis.join('; ')}.`);
  const conditions = w.facts.red_flags
    .filter((flag) => flag.severity === 'critical' || flag.severity === 'high')
    .map((flag) => `- Resolve: ${w.cited(flag.description, flag.citation)}`);
  if (!w.facts.terms) conditions.push('- Agree a term sheet (the terms above are a proposal).');
  if (conditions.length > 0) lines.push(`Conditions before approval:\n${conditions.join('\n')}`);
  if (w.gaps.length > 0)
    lines.push('Missing data listed in the sections above should be provided before the committee decides.');
  return lines.join('\n\n');
}
