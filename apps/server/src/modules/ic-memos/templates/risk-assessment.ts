import { RISK_LEVEL_LABELS } from './labels.ts';
import type { Writer } from './writer.ts';

export function riskAssessment(w: Writer): string {
  const { deal, red_flags: flags, document_risks: risks } = w.facts;
  const lines: string[] = [];
  if (deal.red_flag_level) {
    const score =
      deal.red_flag_score !== null
        ? `, red-flag score ${w.cited(String(deal.red_flag_score), deal.citation)}/10`
        : '';
    lines.push(`Overall risk rating: **${RISK_LEVEL_LABELS[deal.red_flag_level]}**${score}.`);
  } else {
    lines.push(w.gap('the deal has no red-flag assessment yet; score the deal.'));
  }
  const order = ['critical', 'high', 'medium', 'low'];
  const sorted = [...flags].sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity));
  if (sorted.length > 0) {
    lines.push(
      `Red flags raised by the scoring engine:\n${sorted.map((flag) => `- **${flag.severity}** (${flag.category}): ${w.cited(flag.description, flag.citation)}`).join('\n')}`,
    );
  } else if (deal.red_flag_level) {
    lines.push('The scoring engine raised no red flags.');
  }
  if (risks.length > 0) {
    lines.push(
      `Risks read in the documents:\n${risks.map((risk) => `- ${w.cited(risk.text, risk.citation)}`).join('\n')}`,
    );
  } else if (w.facts.documents.length === 0) {
    lines.push(
      w.gap(
        'no documents are uploaded, so no document risks were read; upload the financial statements and the latest board pack.',
      ),
    );
  }
  return lines.join('\n\n');
}
