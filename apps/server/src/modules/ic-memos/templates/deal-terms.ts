import { euros } from '../../assistant/index.ts';
import { inline } from '../footnotes.ts';
import type { CitedTerm } from '../ic-memo-facts.ts';
import type { Writer } from './writer.ts';

/** The venture-debt term summary, in the order a credit committee reads it. */
const TERM_ROWS: { label: string; names: string[] }[] = [
  { label: 'Facility amount', names: ['facility_amount'] },
  { label: 'Interest', names: ['interest_rate', 'margin_over_base'] },
  { label: 'Maturity', names: ['maturity_months'] },
  { label: 'Interest-only period', names: ['interest_only_months'] },
  { label: 'Amortisation', names: ['amortisation'] },
  { label: 'Warrants', names: ['warrant_coverage'] },
  { label: 'Arrangement fee', names: ['arrangement_fee'] },
  { label: 'Final fee', names: ['final_fee'] },
];

/** Table cells may not hold pipes or line breaks. */
const cell = (text: string) => text.replace(/\|/g, '/').replace(/\s+/g, ' ').trim();

export function dealTerms(w: Writer): string {
  const { terms, suggested_facility: suggestion, deal } = w.facts;
  if (terms) {
    const rows = TERM_ROWS.map((row) => {
      const found = row.names.map((name) => w.term(name)).filter((term): term is CitedTerm => Boolean(term));
      const value =
        found.length > 0
          ? found.map((term) => w.cited(cell(term.text), term.citation)).join('; ')
          : 'Not stated in the term sheet';
      return `| ${row.label} | ${value} |`;
    });
    const amount = w.term('facility_amount');
    const tranches =
      amount && /tranche/i.test(`${amount.text} ${amount.citation.content_excerpt}`)
        ? w.cited(cell(amount.citation.content_excerpt), amount.citation)
        : 'Not stated in the term sheet';
    rows.splice(1, 0, `| Tranches | ${tranches} |`);
    const covenants =
      terms.covenants.length > 0
        ? terms.covenants.map((covenant) => w.cited(cell(covenant.text), covenant.citation)).join('; ')
        : 'Not stated in the term sheet';
    rows.push(`| Covenants | ${covenants} |`);
    const missing = TERM_ROWS.filter((row) => !row.names.some((name) => w.term(name))).map((row) =>
      row.label.toLowerCase(),
    );
    const lines = [
      `Terms as written in the term sheet *${inline(terms.document.name).replace(/\*/g, '')}*:`,
      ['| Term | As written |', '| --- | --- |', ...rows].join('\n'),
    ];
    if (missing.length > 0) lines.push(w.gap(`the term sheet does not state: ${missing.join(', ')}.`));
    return lines.join('\n\n');
  }
  const lines = [
    '**Proposal.** No term sheet is uploaded: these are the suggested facility terms from the scoring engine, to be negotiated, not agreed terms.',
  ];
  lines.push(`Amount requested: ${w.cited(euros(deal.amount_requested), deal.citation)}.`);
  if (suggestion?.min != null && suggestion.max != null) {
    const range =
      suggestion.min === suggestion.max
        ? w.cited(euros(suggestion.min), suggestion.citation)
        : `${w.cited(euros(suggestion.min), suggestion.citation)} to ${w.cited(euros(suggestion.max), suggestion.citation)}`;
    lines.push(`| Term | Proposal |\n| --- | --- |\n| Facility amount | ${range} |`);
    lines.push(
      `How it was sized:\n${suggestion.reasoning.map((reason) => `- ${w.cited(reason, suggestion.citation)}`).join('\n')}`,
    );
  } else if (suggestion) {
    lines.push(
      `No facility can be sized: ${suggestion.reasoning.map((reason) => w.cited(reason, suggestion.citation)).join(' ')}`,
    );
  } else {
    lines.push('No facility can be sized: the deal has not been scored.');
  }
  lines.push(
    w.gap(
      'no term sheet is uploaded, so tranches, interest, interest-only period, amortisation, warrants, fees and covenants are not set; upload the term sheet.',
    ),
  );
  return lines.join('\n\n');
}
