import { DEAL_STAGES, type TCalculation, type TDealStage } from '@atempo/contracts';
import { type CompanyMention, unmatchedNames } from './company-mentions.ts';
import type { Grouping, Intent, PortfolioFocus, Severity, Subject, Understanding } from './intents.ts';
import {
  findPhrase,
  findTimeWindow,
  has,
  hasAny,
  type NormalisedQuestion,
  normaliseWords,
} from './question.ts';
import {
  AMBIGUOUS_STAGE_PHRASES,
  CALCULATION_PHRASES,
  DOCUMENT_TYPE_PHRASES,
  HEADLINE_METRICS,
  METRIC_CONCEPTS,
  OPEN_STAGES,
  SECTOR_PHRASES,
  SEVERITY_PHRASES,
  STAGE_PHRASES,
} from './vocabulary.ts';

/**
 * Question understanding, deterministic: the question's words decide the intent; the companies it
 * names (already matched against the organisation), the deal in context and the conversation so
 * far fill in who it is about. No model, no network: the same question always gets the same plan.
 */

export interface UnderstandInput {
  question: NormalisedQuestion;
  mentions: CompanyMention[];
  /** The deal of the side panel or intelligence page, when the question is asked there. */
  dealId: string | null;
  /** Companies named by the previous questions, most recent first (for "and its burn?"). */
  previousMentions: CompanyMention[];
  /** The previous question, understood, for "and Beta?". */
  previous: Understanding | null;
  now: Date;
}

const RED_FLAG_WORDS = [
  'red flag',
  'red flags',
  'redflags',
  'flags',
  'flagged',
  'risk',
  'risks',
  'risky',
  'warning signs',
  'warning sign',
  'concerns',
  'issues',
  'problems',
];
const PORTFOLIO_WORDS = [
  'pipeline',
  'portfolio',
  'how many deals',
  'number of deals',
  'deal count',
  'breakdown',
  'deal flow',
  'dealflow',
  'book',
  'exposure',
];
const COMPARE_WORDS = [
  'compare',
  'comparison',
  'vs',
  'versus',
  'against',
  'between',
  'compared',
  'relative to',
];
const MARKET_WORDS = [
  'trend',
  'trends',
  'market',
  'markets',
  'signals',
  'signal',
  'news',
  'funding announcements',
  'announcements',
  'market intelligence',
  'happening in',
  'raised recently',
  'latest rounds',
];
/** Words asking for the news about one named company. */
const COMPANY_NEWS_WORDS = ['funding news on', 'funding news about', 'news on', 'news about', 'news for'];
const RANKING_WORDS = [
  'which companies',
  'which company',
  'what companies',
  'top',
  'highest',
  'lowest',
  'strongest',
  'weakest',
  'best',
  'worst',
  'fastest',
  'slowest',
  'leaders',
  'rank',
  'ranking',
];
const OVERVIEW_WORDS = [
  'tell me about',
  'overview',
  'status',
  'summary',
  'summarise',
  'summarize',
  'details',
  'detail',
  'where is',
  'what about',
  'how about',
  'update on',
  'deal',
  'profile',
  'who is',
  'what is',
  'latest',
];
const FOLLOW_UP_WORDS = ['and', 'what about', 'how about', 'same for', 'and for', 'now'];

export function understand(input: UnderstandInput): Understanding {
  const { question } = input;
  const notes: string[] = [];
  const metrics = findMetrics(question);
  const stages = findStages(question);
  const severity = findSeverity(question);
  const window = findTimeWindow(question, input.now);
  const calculation = findCalculation(question);
  const dealSubject: Subject | null = input.dealId
    ? { kind: 'deal', deal_id: input.dealId, name: null }
    : null;
  const named = input.mentions.map(toSubject);
  // The company named in this question, else the deal in context, else the last company named.
  const subject = named[0] ?? dealSubject;
  const followUpSubject = input.previousMentions[0] ? toSubject(input.previousMentions[0]) : null;
  const unknownNames = unmatchedNames(question.original, input.mentions);
  const sure = (intent: Intent, match: number): Understanding => ({ intent, match, notes });
  const ambiguous = input.mentions.find((m) => m.alternatives.length > 0);
  if (ambiguous) {
    return sure(
      { kind: 'ambiguous_company', names: [ambiguous.name, ...ambiguous.alternatives.map((a) => a.name)] },
      0.5,
    );
  }
  const subjectOrFollowUp = subject ?? (isFollowUp(question) || metrics.length > 0 ? followUpSubject : null);

  if (
    hasAny(question, ['not spoken', 'not talked', 'not contacted', 'inactive', 'gone quiet', 'no contact']) ||
    / (?:not|never|haven t|hasn t|havent|hasnt|didn t|didnt|no one has|nobody has) (?:\S+ ){0,3}(?:spoken|talked|contacted|heard|met|engaged|interacted|in touch|reached out|called)/.test(
      question.padded,
    ) ||
    hasAny(question, ['no activity', 'not heard from', 'no interaction', 'no interactions', 'neglected'])
  ) {
    return sure({ kind: 'inactive', days: window?.days ?? 30 }, window ? 0.95 : 0.85);
  }

  if (calculation) {
    const calcSubject = subject ?? followUpSubject;
    if (!calcSubject && unknownNames.length > 0) {
      return sure({ kind: 'unknown_company', names: unknownNames, asked: calculation }, 0.8);
    }
    return sure({ kind: 'calculation', calculation, subject: calcSubject }, calcSubject ? 0.95 : 0.7);
  }

  const missingDocuments =
    hasAny(question, [
      'missing documents',
      'documents missing',
      'missing docs',
      'outstanding documents',
      'documents outstanding',
      'what documents',
      'which documents are missing',
      'documents do we need',
      'documents we need',
      'documents are we missing',
      'missing',
    ]) && hasAny(question, ['document', 'documents', 'docs', 'missing']);
  if (missingDocuments && subject) {
    return sure({ kind: 'deal', subject, focus: 'missing_documents' }, 0.9);
  }

  const docTypes = Object.entries(DOCUMENT_TYPE_PHRASES)
    .filter(([, phrases]) => hasAny(question, phrases))
    .map(([type]) => type);
  const asksText = hasAny(question, [
    'say',
    'says',
    'said',
    'mention',
    'mentions',
    'mentioned',
    'state',
    'states',
    'clause',
    'clauses',
    'covenant',
    'covenants',
    'wording',
    'language',
    'provision',
    'provisions',
    'quote',
    'search documents',
    'search the documents',
    'in the documents',
    'in our documents',
    'find documents',
    'documents about',
    'documents mentioning',
    'which documents',
  ]);
  if (
    (docTypes.length > 0 && asksText) ||
    hasAny(question, [
      'search documents',
      'in the documents',
      'in our documents',
      'documents mentioning',
      'documents about',
      'find documents',
      'which documents',
    ])
  ) {
    return sure(
      { kind: 'documents', query: documentQuery(question, input.mentions), subject, doc_types: docTypes },
      0.85,
    );
  }

  // "pipeline by risk level" is a portfolio breakdown, not a list of flags.
  const byRiskLevel = / by (?:risk|risk level|red flag level|flag level|red flag) /.test(question.padded);
  if (hasAny(question, RED_FLAG_WORDS) && !byRiskLevel) {
    if (!subject && unknownNames.length > 0 && !stages) {
      return sure({ kind: 'unknown_company', names: unknownNames, asked: 'red flags' }, 0.8);
    }
    if (window)
      notes.push(
        `Red flags are shown as they stand today; they are not dated, so "${window.label}" could not narrow them.`,
      );
    // In a deal's panel, "what will the credit committee flag?" is about that deal, not the IC Review
    // stage: the deal wins unless the question asks about the portfolio ("which deals…").
    const theDeal = dealSubject && named.length === 0 && !asksAboutPortfolio(question);
    return sure(
      {
        kind: 'red_flags',
        subject: theDeal ? dealSubject : stages ? (named[0] ?? null) : subject,
        stages: theDeal ? null : stages,
        min_severity: severity,
        window,
      },
      0.95,
    );
  }

  const seriesNames = [...question.padded.matchAll(/ series ([a-f])(?= )/g)].map(
    (m) => `Series ${(m[1] ?? '').toUpperCase()}`,
  );
  const bareSeries = [...question.padded.matchAll(/ (?:series [a-f]|and|vs|versus|or) ([a-f])(?= )/g)].map(
    (m) => `Series ${(m[1] ?? '').toUpperCase()}`,
  );
  const fundingStages = [...new Set([...seriesNames, ...(seriesNames.length > 0 ? bareSeries : [])])];
  if (fundingStages.length >= 2 || (fundingStages.length === 1 && hasAny(question, COMPARE_WORDS))) {
    return sure({ kind: 'funding_stages', stages: fundingStages }, 0.9);
  }

  // "compare this deal with Beta" in the deal's panel: the deal's company against Beta.
  const comparing =
    named.length >= 2
      ? named
      : dealSubject && named.length === 1 && hasAny(question, COMPARE_WORDS)
        ? [dealSubject, ...named]
        : null;
  if (comparing) {
    return sure(
      {
        kind: 'compare',
        subjects: comparing.slice(0, 4),
        metrics: metrics.length > 0 ? metrics : HEADLINE_METRICS,
      },
      metrics.length > 0 ? 0.95 : 0.8,
    );
  }

  if (
    hasAny(question, [
      'similar deals',
      'similar companies',
      'comparable deals',
      'comparables',
      'peers',
      'similar',
      'comparable',
      'compare to',
      'compared to',
      'benchmark',
    ])
  ) {
    if (subject) return sure({ kind: 'deal', subject, focus: 'similar' }, 0.85);
  }

  // "Any funding news on Acme?": news about one company, tracked or only named in the news.
  const aboutCompany = hasAny(question, COMPANY_NEWS_WORDS);
  const newsSubject = aboutCompany && subject && input.mentions.length > 0 ? subject.name : null;
  if (hasAny(question, MARKET_WORDS) && (!subject || newsSubject)) {
    const sector = findSector(question);
    const company = newsSubject ?? (aboutCompany ? (unknownNames[0] ?? null) : null);
    const place = company ? null : placeName(question);
    return sure(
      { kind: 'market', sector, company, place, days: window?.days ?? 90 },
      sector || company || place ? 0.85 : 0.75,
    );
  }

  if (metrics.length > 0 && subjectOrFollowUp) {
    return sure({ kind: 'metrics', subject: subjectOrFollowUp, metrics, named: true }, subject ? 0.95 : 0.8);
  }

  if (metrics.length > 0 && !subject && unknownNames.length > 0) {
    return sure({ kind: 'unknown_company', names: unknownNames, asked: metrics.join(', ') }, 0.8);
  }

  const portfolio = portfolioFocus(question);
  // "gross margin across the portfolio", "revenue growth in our (open) pipeline": companies ranked by
  // the metric; a named metric wins over pipeline words. Only a deal figure named outright (deal
  // size, conversion) keeps the question on the deals.
  const metricAcross = portfolio !== 'conversion' && portfolio !== 'average_size';
  if (metrics.length > 0 && !subject && metricAcross) {
    const metric = metrics[0] ?? 'revenue_growth';
    const order = hasAny(question, [
      'lowest',
      'weakest',
      'worst',
      'slowest',
      'declining',
      'shrinking',
      'negative',
    ])
      ? 'asc'
      : 'desc';
    const ranked = hasAny(question, RANKING_WORDS) || has(question, 'which') || has(question, 'who');
    return sure({ kind: 'ranking', metric, order, sector: findSector(question) }, ranked ? 0.85 : 0.7);
  }

  if (portfolio || (stages && !subject)) {
    const focus = portfolio ?? 'count';
    return sure(
      { kind: 'portfolio', focus, group_by: findGrouping(question), stages, place: findPlace(question) },
      portfolio ? 0.9 : 0.75,
    );
  }

  if (subject && (hasAny(question, OVERVIEW_WORDS) || input.mentions.length > 0 || input.dealId)) {
    const financial = hasAny(question, [
      'financial status',
      'financials',
      'financial',
      'numbers',
      'metrics',
      'kpis',
      'performance',
      'health',
    ]);
    if (financial) return sure({ kind: 'metrics', subject, metrics: HEADLINE_METRICS, named: false }, 0.9);
    // "and Beta?" after a question about Acme's runway: the same question about Beta.
    if (input.previous && named[0] && isFollowUp(question) && question.words.length <= 6) {
      const again = withSubject(input.previous.intent, named[0]);
      if (again) return sure(again, 0.8);
    }
    return sure({ kind: 'deal', subject, focus: 'overview' }, input.mentions.length > 0 ? 0.85 : 0.7);
  }

  if (unknownNames.length > 0) {
    return sure({ kind: 'unknown_company', names: unknownNames, asked: 'details' }, 0.7);
  }
  return { intent: { kind: 'unknown' }, match: 0, notes };
}

/** Words that take a question beyond the deal in context to the organisation's deals. */
const PORTFOLIO_SCOPE_WORDS = [
  'deals',
  'portfolio',
  'pipeline',
  'companies',
  'which deal',
  'any deal',
  'all deals',
  'other deals',
  'across',
];

function asksAboutPortfolio(question: NormalisedQuestion): boolean {
  return hasAny(question, PORTFOLIO_SCOPE_WORDS);
}

function toSubject(mention: CompanyMention): Subject {
  return { kind: 'company', company_id: mention.id, name: mention.name, match: mention.match };
}

function isFollowUp(question: NormalisedQuestion): boolean {
  const first = question.words.slice(0, 2).join(' ');
  return (
    FOLLOW_UP_WORDS.some((w) => first === w || first.startsWith(`${w} `)) ||
    hasAny(question, ['its', 'their', 'it', 'they', 'them', 'this company', 'that company'])
  );
}

function withSubject(intent: Intent, subject: Subject): Intent | null {
  switch (intent.kind) {
    case 'metrics':
      return { ...intent, subject };
    case 'calculation':
      return { ...intent, subject };
    case 'red_flags':
      return { ...intent, subject, stages: null };
    case 'deal':
      return { ...intent, subject };
    default:
      return null;
  }
}

/** Metric concepts the question names, a longer phrase taking its words from a shorter one. */
export function findMetrics(question: NormalisedQuestion): string[] {
  const taken: [number, number][] = [];
  const found: { key: string; index: number }[] = [];
  const phrases = METRIC_CONCEPTS.flatMap((c) => c.phrases.map((phrase) => ({ key: c.key, phrase })));
  phrases.sort((a, b) => b.phrase.length - a.phrase.length);
  for (const { key, phrase } of phrases) {
    let from = 0;
    for (;;) {
      const at = question.padded.indexOf(` ${phrase} `, from);
      if (at < 0) break;
      const start = question.padded.slice(0, at + 1).split(' ').length - 1;
      const end = start + phrase.split(' ').length;
      from = at + 1;
      if (taken.some(([s, e]) => start < e && s < end)) continue;
      taken.push([start, end]);
      if (!found.some((f) => f.key === key)) found.push({ key, index: start });
    }
  }
  return found.sort((a, b) => a.index - b.index).map((f) => f.key);
}

export function findStages(question: NormalisedQuestion): TDealStage[] | null {
  const found = new Set<TDealStage>();
  for (const stage of DEAL_STAGES) {
    if (hasAny(question, STAGE_PHRASES[stage])) found.add(stage);
    for (const phrase of AMBIGUOUS_STAGE_PHRASES[stage] ?? []) {
      if (new RegExp(` (?:in|at|to|reached|reach) (?:the )?${phrase}(?: stage)? `).test(question.padded))
        found.add(stage);
    }
  }
  // "ic" inside "ic review" was matched; a bare "ic" word only counts with stage words around it.
  if (
    found.has('ic_review') &&
    !hasAny(question, ['ic review', 'investment committee', 'credit committee', 'committee review']) &&
    !/ (?:in|at|for|to|before) ic /.test(question.padded)
  ) {
    found.delete('ic_review');
  }
  if (
    found.has('lead') &&
    !hasAny(question, ['leads', 'lead stage', 'new leads']) &&
    !/ (?:in|at) (?:the )?lead /.test(question.padded)
  ) {
    found.delete('lead');
  }
  // "closed" in "closed deals" is a stage; "lost" in "lost money" is rare enough to accept.
  if (hasAny(question, ['open pipeline', 'open deals', 'active deals', 'active pipeline', 'live deals'])) {
    for (const stage of OPEN_STAGES) found.add(stage);
  }
  return found.size > 0 ? DEAL_STAGES.filter((s) => found.has(s)) : null;
}

export function findSeverity(question: NormalisedQuestion): Severity | null {
  for (const severity of ['critical', 'high', 'medium', 'low'] as const) {
    const phrases = SEVERITY_PHRASES[severity];
    // "high" counts only next to flag/risk/severity words ("high-risk", "high severity").
    if (severity === 'high' || severity === 'low' || severity === 'medium') {
      if (
        new RegExp(
          ` (?:${phrases.join('|')})(?: severity| risk| priority)? (?:red )?(?:flags?|risks?|issues?|severity) `,
        ).test(question.padded)
      ) {
        return severity;
      }
      continue;
    }
    if (hasAny(question, phrases)) return severity;
  }
  return null;
}

function findCalculation(question: NormalisedQuestion): TCalculation | null {
  for (const calculation of [
    'facility_sizing',
    'burn_multiple',
    'rule_of_40',
    'debt_service_coverage',
    'runway',
  ] as const) {
    if (hasAny(question, CALCULATION_PHRASES[calculation])) return calculation;
  }
  if (
    hasAny(question, ['calculate', 'compute', 'work out']) &&
    hasAny(question, ['ltv cac', 'ltv to cac', 'ltv'])
  )
    return 'ltv_cac';
  if (hasAny(question, ['calculate', 'compute', 'work out']) && hasAny(question, ['cac payback', 'payback']))
    return 'cac_payback';
  if (
    / facility /.test(question.padded) &&
    hasAny(question, ['size', 'sizing', 'how much', 'how big', 'how large'])
  ) {
    return 'facility_sizing';
  }
  return null;
}

function portfolioFocus(question: NormalisedQuestion): PortfolioFocus | null {
  if (/ (?:how many|number of|count of|count) (?:\S+ )?compan(?:y|ies) /.test(question.padded))
    return 'companies';
  if (
    hasAny(question, [
      'conversion',
      'conversion rate',
      'win rate',
      'close rate',
      'hit rate',
      'converted',
      'convert',
    ])
  ) {
    return 'conversion';
  }
  if (
    hasAny(question, [
      'average deal size',
      'average deal',
      'average ticket',
      'mean deal',
      'typical deal size',
      'average amount',
      'average size',
      'avg deal size',
      'deal size',
    ])
  ) {
    return 'average_size';
  }
  if (
    / by (?:stage|sector|industry|geography|country|region|location|risk|red flag level|flag level) /.test(
      question.padded,
    ) ||
    hasAny(question, ['breakdown', 'split', 'distribution', 'mix'])
  ) {
    return 'breakdown';
  }
  if (
    hasAny(question, [
      'pipeline value',
      'total pipeline',
      'pipeline worth',
      'size of the pipeline',
      'size of our pipeline',
      'open pipeline',
      'total value',
      'total amount',
      'how much is in',
    ])
  ) {
    return 'pipeline_value';
  }
  if (hasAny(question, ['how many', 'number of', 'count'])) return 'count';
  if (hasAny(question, PORTFOLIO_WORDS)) return 'breakdown';
  return null;
}

function findGrouping(question: NormalisedQuestion): Grouping {
  if (hasAny(question, ['by sector', 'by industry', 'per sector', 'sectors', 'industries'])) return 'sector';
  if (
    hasAny(question, [
      'by geography',
      'by country',
      'by region',
      'by location',
      'geographies',
      'countries',
      'regions',
    ])
  ) {
    return 'geography';
  }
  if (hasAny(question, ['by risk', 'by red flag level', 'by flag level', 'risk level', 'risk levels']))
    return 'red_flag_level';
  return 'stage';
}

export function findSector(question: NormalisedQuestion): string | null {
  for (const [sector, phrases] of Object.entries(SECTOR_PHRASES))
    if (hasAny(question, phrases)) return sector;
  return null;
}

/** What to search the documents for: the question without its asking words, company and document-type names. */
function documentQuery(question: NormalisedQuestion, mentions: CompanyMention[]): string {
  const drop = new Set(
    `what does do did the a an our say says said about mention mentions mentioned in of on for is are was
    there any which documents document find search show me tell regarding concerning state states
    and or to from with we have has how`.split(/\s+/),
  );
  const skip = new Set<number>();
  for (const mention of mentions) for (let i = mention.start; i < mention.end; i++) skip.add(i);
  const typeWords = new Set(
    Object.values(DOCUMENT_TYPE_PHRASES)
      .flat()
      .filter((phrase) => has(question, phrase))
      .flatMap((phrase) => phrase.split(' ')),
  );
  const kept = question.words.filter((word, i) => !skip.has(i) && !drop.has(word));
  const withoutTypes = kept.filter((word) => !typeWords.has(word));
  const found = findPhrase(question, Object.values(DOCUMENT_TYPE_PHRASES).flat());
  const query = (withoutTypes.length > 0 ? withoutTypes : kept).join(' ').trim();
  return (query || found?.phrase || question.words.join(' ')).slice(0, 300);
}

/**
 * The sector or place a portfolio question narrows to: a sector word ("fintech") or the words after
 * "in", "for", "to" or "from" that are not stages or portfolio words ("pipeline for Germany").
 */
function findPlace(question: NormalisedQuestion): string | null {
  return findSector(question) ?? placeName(question);
}

/** The words after "in", "for", "to" or "from" that are not stages or portfolio words ("in the UK"). */
function placeName(question: NormalisedQuestion): string | null {
  const match = question.original.match(
    /\b(?:in|for|to|from)\s+(?:the\s+)?(\p{Lu}[\p{L}.-]*(?:\s+\p{Lu}[\p{L}.-]*){0,2})/u,
  );
  const place = match?.[1]?.trim() ?? null;
  if (!place) return null;
  const words = normaliseWords(place);
  const stageWords = new Set(
    Object.values(STAGE_PHRASES)
      .flat()
      .flatMap((p) => p.split(' ')),
  );
  return words.every(
    (w) =>
      stageWords.has(w) ||
      ['ic', 'dd', 'review', 'stage', 'the', 'term', 'sheet', 'legal', 'docs'].includes(w),
  )
    ? null
    : place;
}
