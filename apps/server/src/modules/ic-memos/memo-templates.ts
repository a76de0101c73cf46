import type { TIcMemoSection, TRedFlagLevel, TThematicRecommendation } from '@atempo/contracts';
import { euros, quoted } from '../assistant/index.ts';
import { Footnotes, inline } from './footnotes.ts';
import type { CitedMetric, CitedTerm, IcMemoFacts } from './ic-memo-facts.ts';

/**
 * The built-in analyst's memo: one deterministic template per section. Every figure is written
 * next to its footnote marker; what the data does not hold is said in the section (with what to
 * upload) and listed once in data_gaps, never filled in.
 */

export const RISK_LEVEL_LABELS: Record<TRedFlagLevel, string> = {
  reject: 'Critical Risk',
  high_risk: 'High Risk',
  moderate_risk: 'Moderate Risk',
  low_risk: 'Low Risk',
};

const RECOMMENDATION_LABELS: Record<TThematicRecommendation, string> = {
  proceed: 'Proceed',
  conditional_proceed: 'Conditional proceed',
  reject: 'Reject',
};

const DEAL_TYPE_LABELS: Record<string, string> = {
  venture_debt: 'venture debt',
  revenue_based_financing: 'revenue-based financing',
  convertible_debt: 'convertible debt',
  growth_equity: 'growth equity',
};

/** The lender's decision the memo recommends, from the thesis recommendation and the red flags. */
export type IcDecision = 'proceed' | 'conditional_proceed' | 'decline' | 'not_scored';

export function decisionOf(facts: IcMemoFacts): IcDecision {
  const { deal } = facts;
  if (deal.red_flag_level === 'reject' || deal.thematic_recommendation === 'reject') return 'decline';
  if (!deal.thematic_recommendation) return 'not_scored';
  const severe = facts.red_flags.some((flag) => flag.severity === 'critical' || flag.severity === 'high');
  if (deal.thematic_recommendation === 'proceed' && !severe && deal.red_flag_level !== 'high_risk')
    return 'proceed';
  return 'conditional_proceed';
}

export const DECISION_LABELS: Record<IcDecision, string> = {
  proceed: 'Proceed',
  conditional_proceed: 'Proceed subject to conditions',
  decline: 'Decline',
  not_scored: 'No recommendation: the deal is not scored',
};

/** The memo's body before it is rendered: sections, footnotes and what was missing. */
export interface MemoDraft {
  content: Record<TIcMemoSection, string>;
  footnotes: Footnotes;
  data_gaps: string[];
}

class Writer {
  readonly notes: Footnotes;
  readonly gaps: string[] = [];

  constructor(
    readonly facts: IcMemoFacts,
    notes = new Footnotes(),
  ) {
    this.notes = notes;
  }

  /** A figure with its footnote marker. */
  cited(text: string, citation: Parameters<Footnotes['cite']>[0]): string {
    return `${inline(text)}${this.notes.cite(citation)}`;
  }

  metric(name: string): CitedMetric | undefined {
    return this.facts.metrics.find((metric) => metric.name === name);
  }

  figure(metric: CitedMetric): string {
    const period = metric.period && metric.period !== 'annual' ? ` (${metric.period})` : '';
    return `${this.cited(quoted(metric), metric.citation)}${period}`;
  }

  gap(sentence: string): string {
    if (!this.gaps.includes(sentence)) this.gaps.push(sentence);
    return `*Not in the data:* ${sentence}`;
  }

  term(name: string): CitedTerm | undefined {
    return this.facts.terms?.items.find((item) => item.name === name);
  }
}

function executiveSummary(w: Writer): string {
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

function companyOverview(w: Writer): string {
  const { company } = w.facts;
  const lines: string[] = [];
  if (company.description && company.description_citation)
    lines.push(w.cited(company.description, company.description_citation));
  const facts = [
    company.industry && `Industry: ${inline(company.industry)}`,
    company.country && `Headquarters: ${inline(company.country)}`,
    company.stage && `Funding stage: ${inline(company.stage)}`,
    company.founded_year !== null && `Founded: ${w.cited(String(company.founded_year), company.citation)}`,
    company.website && `Website: ${inline(company.website)}`,
    company.total_funding !== null &&
      `Total funding: ${w.cited(euros(company.total_funding), company.citation)}`,
    company.investors.length > 0 && `Investors: ${inline(company.investors.join(', '))}`,
  ].filter((item): item is string => Boolean(item));
  for (const name of ['last_round_amount', 'employee_count', 'customers']) {
    const metric = w.metric(name);
    if (metric) facts.push(`${metric.label}: ${w.figure(metric)}`);
  }
  if (facts.length > 0) lines.push(facts.map((fact) => `- ${fact}`).join('\n'));
  if (!company.description)
    lines.push(
      w.gap('the company record has no description of the business; add one or upload the pitch deck.'),
    );
  return lines.join('\n\n');
}

function marketOpportunity(w: Writer): string {
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

function competitiveLandscape(w: Writer): string {
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

function productTechnology(w: Writer): string {
  const { company } = w.facts;
  const lines: string[] = [];
  if (company.description && company.description_citation)
    lines.push(`As recorded: ${w.cited(company.description, company.description_citation)}`);
  lines.push(
    w.gap(
      'product, technology and roadmap details are not recorded; upload a product overview or the pitch deck.',
    ),
  );
  return lines.join('\n\n');
}

function teamAssessment(w: Writer): string {
  const { company } = w.facts;
  const items: string[] = [];
  if (company.ceo_name) items.push(`Chief executive: ${inline(company.ceo_name)}`);
  if (company.recent_cfo_hire) items.push('A chief financial officer was hired recently.');
  const employees = w.metric('employee_count');
  if (employees) items.push(`Employees: ${w.figure(employees)}`);
  const lines = items.length > 0 ? [items.map((item) => `- ${item}`).join('\n')] : [];
  lines.push(
    w.gap(
      "management biographies and the team's track record are not recorded; upload management CVs or the team slide.",
    ),
  );
  return lines.join('\n\n');
}

const CORE_METRICS: { names: string[]; label: string }[] = [
  { names: ['revenue', 'arr'], label: 'revenue or ARR' },
  { names: ['gross_margin'], label: 'gross margin' },
  { names: ['monthly_burn'], label: 'monthly net burn' },
  { names: ['cash'], label: 'cash' },
];

function financialAnalysis(w: Writer): string {
  const { metrics, calculations } = w.facts;
  const lines: string[] = [];
  if (metrics.length > 0) {
    lines.push(
      [
        '| Metric | Value | Period |',
        '| --- | --- | --- |',
        ...metrics.map(
          (metric) =>
            `| ${metric.label} | ${w.cited(quoted(metric), metric.citation)} | ${metric.period ?? '—'} |`,
        ),
      ].join('\n'),
    );
  }
  if (calculations.runway) {
    lines.push(
      `Runway at the current burn: ${w.cited(`${calculations.runway.months} months`, calculations.runway.citation)}.`,
    );
  }
  if (calculations.revenue_forecast) {
    lines.push(
      `Revenue in twelve months if the recorded growth holds: ${w.cited(euros(calculations.revenue_forecast.value), calculations.revenue_forecast.citation)}.`,
    );
  }
  const debt = w.metric('total_debt');
  if (debt) lines.push(`Existing debt: ${w.figure(debt)}.`);
  const missing = CORE_METRICS.filter((core) => !core.names.some((name) => w.metric(name))).map(
    (core) => core.label,
  );
  if (missing.length > 0) {
    lines.push(
      w.gap(
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not recorded; upload financial statements, a financial model or a board pack.`,
      ),
    );
  }
  return lines.join('\n\n');
}

function riskAssessment(w: Writer): string {
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

function dealTerms(w: Writer): string {
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

function recommendation(w: Writer): string {
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

const TEMPLATES: Record<TIcMemoSection, (writer: Writer) => string> = {
  executive_summary: executiveSummary,
  company_overview: companyOverview,
  market_opportunity: marketOpportunity,
  competitive_landscape: competitiveLandscape,
  product_technology: productTechnology,
  team_assessment: teamAssessment,
  financial_analysis: financialAnalysis,
  risk_assessment: riskAssessment,
  deal_terms: dealTerms,
  recommendation: recommendation,
};

/** Writes every section from the facts, in reading order (footnotes are numbered as they first appear). */
export function writeTemplateMemo(facts: IcMemoFacts): MemoDraft {
  const writer = new Writer(facts);
  const content = {} as Record<TIcMemoSection, string>;
  for (const section of Object.keys(TEMPLATES) as TIcMemoSection[])
    content[section] = TEMPLATES[section](writer);
  return { content, footnotes: writer.notes, data_gaps: writer.gaps };
}
