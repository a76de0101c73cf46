import { euros } from '../../assistant/index.ts';
import { inline } from '../footnotes.ts';
import type { Writer } from './writer.ts';

/** The sections about the market: the opportunity and thesis fit, and the competitive landscape. */

export function marketOpportunity(w: Writer): string {
  const { deal } = w.facts;
  const lines: string[] = [];
  const place = [
    deal.sector && `the ${inline(deal.sector)} sector`,
    deal.geography && `in ${inline(deal.geography)}`,
  ]
    .filter(Boolean)
    .join(' ');
  if (place) lines.push(`${inline(deal.company_name)} operates in ${place}.`);
  const fit = w.facts.scoring.filter((component) =>
    ['sector_alignment', 'geographic_fit', 'stage_fit'].includes(component.name),
  );
  if (fit.length > 0) {
    lines.push(
      'Fit with the investment thesis:\n' +
        fit
          .map(
            (component) =>
              `- ${component.label}: ${component.score}/10 — ${w.cited(component.reason, component.citation)}`,
          )
          .join('\n'),
    );
  } else {
    lines.push(w.gap('the deal has no thesis fit scores yet; score the deal.'));
  }
  lines.push(
    w.gap(
      'market size and market growth are not recorded; upload a market study or the pitch deck with its market slides.',
    ),
  );
  return lines.join('\n\n');
}

export function competitiveLandscape(w: Writer): string {
  const lines: string[] = [];
  lines.push(
    w.gap(
      "the company's competitors are not recorded; upload the pitch deck's competition slide or a market study.",
    ),
  );
  const { comparables } = w.facts;
  if (comparables.length > 0) {
    lines.push(
      `The organisation's comparable deals in the same sector:\n` +
        comparables
          .map((deal) => {
            const score =
              deal.thematic_score !== null
                ? `, thematic score ${w.cited(String(deal.thematic_score), deal.citation)}/10`
                : '';
            return `- ${inline(deal.company_name)}: ${deal.stage_label}, ${w.cited(euros(deal.amount_requested), deal.citation)} requested${score}`;
          })
          .join('\n'),
    );
  } else {
    lines.push('The organisation has no other deal in this sector to compare with.');
  }
  return lines.join('\n\n');
}
