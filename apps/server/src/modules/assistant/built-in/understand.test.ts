import { describe, expect, it } from 'vitest';
import { type CompanyMention, pickMentions, unmatchedNames } from './company-mentions.ts';
import { figure, money, months, percent, ratio } from './format.ts';
import { findTimeWindow, normaliseQuestion, normaliseWords } from './question.ts';
import { findMetrics, findSeverity, findStages, understand } from './understand.ts';

/** The question understanding without a database: the words decide, the mentions are given. */

const NOW = new Date('2026-05-20T12:00:00Z');
const ACME: CompanyMention = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Acme Ltd',
  match: 0.95,
  start: 2,
  end: 3,
  alternatives: [],
};
const BETA: CompanyMention = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Beta Payments GmbH',
  match: 0.75,
  start: 4,
  end: 5,
  alternatives: [],
};

const intentOf = (
  query: string,
  options: { mentions?: CompanyMention[]; dealId?: string; previous?: CompanyMention[] } = {},
) =>
  understand({
    question: normaliseQuestion(query),
    mentions: options.mentions ?? [],
    dealId: options.dealId ?? null,
    previousMentions: options.previous ?? [],
    previous: null,
    now: NOW,
  });

describe('stages, severities, metrics and time windows', () => {
  it('reads stages and their synonyms', () => {
    const stages = (q: string) => findStages(normaliseQuestion(q));
    expect(stages('deals in due diligence')).toEqual(['due_diligence']);
    expect(stages('what is in DD right now')).toEqual(['due_diligence']);
    expect(stages('deals at investment committee')).toEqual(['ic_review']);
    expect(stages('how many deals are in IC review')).toEqual(['ic_review']);
    expect(stages('which deals are at term sheet stage')).toEqual(['term_sheet']);
    expect(stages('what does the term sheet say about warrants')).toBeNull();
    expect(stages('won and lost deals')).toEqual(['closed', 'rejected']);
    expect(stages('the open pipeline')).toEqual([
      'lead',
      'qualified',
      'due_diligence',
      'ic_review',
      'term_sheet',
      'legal_docs',
    ]);
    expect(stages('who should lead the review')).toBeNull();
  });

  it('reads severities only next to flag words', () => {
    const severity = (q: string) => findSeverity(normaliseQuestion(q));
    expect(severity('critical red flags')).toBe('critical');
    expect(severity('any high severity flags?')).toBe('high');
    expect(severity('deals with medium risks')).toBe('medium');
    expect(severity('highest revenue growth')).toBeNull();
  });

  it('reads metric names, the longer phrase first', () => {
    const metrics = (q: string) => findMetrics(normaliseQuestion(q));
    expect(metrics('annual recurring revenue and burn rate')).toEqual(['arr', 'burn']);
    expect(metrics('revenue growth')).toEqual(['revenue_growth']);
    expect(metrics("Acme's NRR, churn and cash balance")).toEqual(['nrr', 'churn', 'cash']);
    expect(metrics('LTV/CAC of Acme')).toEqual(['ltv_cac']);
    expect(metrics('the weather in Paris')).toEqual([]);
  });

  it('reads time windows', () => {
    const window = (q: string) => findTimeWindow(normaliseQuestion(q), NOW);
    expect(window('not spoken to in 60 days')?.days).toBe(60);
    expect(window('in the last 3 months')?.days).toBe(90);
    expect(window('red flags this quarter')).toMatchObject({ label: 'this quarter', days: 50 });
    expect(window('in the past week')?.days).toBe(7);
    expect(window('pipeline by stage')).toBeNull();
  });

  it('normalises possessives, accents, slashes and hostile characters', () => {
    expect(normaliseWords("Café Santé's LTV/CAC")).toEqual(['cafe', 'sante', 'ltv', 'cac']);
    expect(normaliseWords('\u0000DROP\u0007 TABLE; --')).toEqual(['drop', 'table']);
    expect(normaliseQuestion('x'.repeat(5000)).original.length).toBe(600);
  });
});

describe('company mentions', () => {
  const words = (q: string) => normaliseWords(q);

  it('matches the whole name, the name without its legal suffix, or a distinctive first word', () => {
    const candidates = [
      { id: 'a', name: 'Acme Ltd' },
      { id: 'b', name: 'Beta Payments GmbH' },
    ];
    expect(
      pickMentions(words('compare acme ltd and beta payments gmbh'), candidates).map((m) => [
        m.name,
        m.match,
      ]),
    ).toEqual([
      ['Acme Ltd', 1],
      ['Beta Payments GmbH', 1],
    ]);
    expect(pickMentions(words("What is Acme's runway"), candidates).map((m) => [m.name, m.match])).toEqual([
      ['Acme Ltd', 0.95],
    ]);
    expect(pickMentions(words('Beta burn'), candidates).map((m) => [m.name, m.match])).toEqual([
      ['Beta Payments GmbH', 0.75],
    ]);
  });

  it('keeps the other companies the same words name as alternatives', () => {
    const [mention] = pickMentions(words('Tell me about Nordlys'), [
      { id: 'e', name: 'Nordlys Energy AB' },
      { id: 's', name: 'Nordlys Solar Oy' },
    ]);
    expect(mention?.name).toBe('Nordlys Energy AB');
    expect(mention?.alternatives).toEqual([{ id: 's', name: 'Nordlys Solar Oy' }]);
  });

  it('prefers the longer name when one name contains another', () => {
    const found = pickMentions(words('tell me about nordlys solar'), [
      { id: 'e', name: 'Nordlys Energy AB' },
      { id: 's', name: 'Nordlys Solar Oy' },
    ]);
    expect(found.map((m) => m.name)).toEqual(['Nordlys Solar Oy']);
  });

  it('names what looks like a company but matched none', () => {
    expect(unmatchedNames("What is Zephyr's ARR?", [])).toEqual(['Zephyr']);
    expect(unmatchedNames('compare Acme and Globex on margin', [ACME])).toEqual(['Globex']);
    expect(unmatchedNames('What is the IC review pipeline?', [])).toEqual([]);
  });
});

describe('intents', () => {
  it('routes the issue’s examples', () => {
    expect(intentOf('which deals in due diligence have critical red flags').intent).toMatchObject({
      kind: 'red_flags',
      stages: ['due_diligence'],
      min_severity: 'critical',
    });
    expect(intentOf('total pipeline by stage').intent).toMatchObject({
      kind: 'portfolio',
      group_by: 'stage',
    });
    expect(intentOf("what is Acme's runway", { mentions: [ACME] }).intent).toMatchObject({
      kind: 'metrics',
      metrics: ['runway'],
    });
    expect(
      intentOf('compare Acme and Beta on gross margin', { mentions: [ACME, BETA] }).intent,
    ).toMatchObject({
      kind: 'compare',
      metrics: ['gross_margin'],
    });
    expect(intentOf('which companies have we not spoken to in 60 days').intent).toEqual({
      kind: 'inactive',
      days: 60,
    });
    expect(intentOf("which companies haven't we talked to recently").intent).toEqual({
      kind: 'inactive',
      days: 30,
    });
    expect(intentOf('size a facility for Acme', { mentions: [ACME] }).intent).toMatchObject({
      kind: 'calculation',
      calculation: 'facility_sizing',
    });
  });

  it('routes portfolio questions by focus and grouping', () => {
    expect(intentOf('portfolio by geography').intent).toMatchObject({
      kind: 'portfolio',
      group_by: 'geography',
    });
    expect(intentOf('average deal size in due diligence').intent).toMatchObject({
      kind: 'portfolio',
      focus: 'average_size',
      stages: ['due_diligence'],
    });
    expect(intentOf('what is our win rate').intent).toMatchObject({ kind: 'portfolio', focus: 'conversion' });
    expect(intentOf('pipeline by risk level').intent).toMatchObject({
      kind: 'portfolio',
      group_by: 'red_flag_level',
    });
  });

  it('routes calculations, documents, market questions and rankings', () => {
    expect(intentOf("Acme's burn multiple", { mentions: [ACME] }).intent).toMatchObject({
      calculation: 'burn_multiple',
    });
    expect(intentOf('Rule of 40 for Acme', { mentions: [ACME] }).intent).toMatchObject({
      calculation: 'rule_of_40',
    });
    expect(intentOf('what is the DSCR of Acme', { mentions: [ACME] }).intent).toMatchObject({
      calculation: 'debt_service_coverage',
    });
    expect(intentOf('what does the term sheet say about warrants').intent).toEqual({
      kind: 'documents',
      query: 'warrants',
      subject: null,
      doc_types: ['term_sheet'],
    });
    expect(intentOf('fintech trends').intent).toMatchObject({ kind: 'market', sector: 'FinTech' });
    expect(intentOf('Who raised recently in the UK?').intent).toEqual({
      kind: 'market',
      sector: null,
      company: null,
      place: 'UK',
      days: 90,
    });
    expect(intentOf('Any funding news on Lumen Pay?').intent).toMatchObject({
      kind: 'market',
      company: 'Lumen Pay',
      place: null,
    });
    expect(intentOf('which companies have the strongest revenue growth').intent).toMatchObject({
      kind: 'ranking',
      metric: 'revenue_growth',
      order: 'desc',
    });
    expect(intentOf('Series B vs C comparison').intent).toEqual({
      kind: 'funding_stages',
      stages: ['Series B', 'Series C'],
    });
  });

  it('reads the deal in context and the company of the previous question', () => {
    const dealId = '00000000-0000-4000-8000-0000000000aa';
    expect(intentOf('latest financial status', { dealId }).intent).toMatchObject({
      kind: 'metrics',
      subject: { kind: 'deal', deal_id: dealId },
      named: false,
    });
    expect(intentOf('which documents are missing', { dealId }).intent).toMatchObject({
      kind: 'deal',
      focus: 'missing_documents',
    });
    expect(intentOf('compare to similar deals', { dealId }).intent).toMatchObject({
      kind: 'deal',
      focus: 'similar',
    });
    expect(intentOf('and its burn?', { previous: [ACME] }).intent).toMatchObject({
      kind: 'metrics',
      subject: { kind: 'company', name: 'Acme Ltd' },
      metrics: ['burn'],
    });
  });

  it('with a deal in context, the credit committee is an audience, not the IC Review stage', () => {
    const dealId = '00000000-0000-4000-8000-0000000000aa';
    const deal = { kind: 'deal', deal_id: dealId };
    for (const q of [
      'What red flags will the credit committee raise?',
      'Any risks the investment committee should know about?',
      'Which issues should we flag to the IC?',
    ]) {
      expect(intentOf(q, { dealId }).intent, q).toMatchObject({
        kind: 'red_flags',
        subject: deal,
        stages: null,
      });
    }
    expect(intentOf('Summarise the financials for the credit committee', { dealId }).intent).toMatchObject({
      kind: 'metrics',
      subject: deal,
    });
    expect(
      intentOf('Which documents does the credit committee still need?', { dealId }).intent,
    ).toMatchObject({ subject: deal });
    // Asked about the portfolio, the stage still counts, in the panel too.
    expect(intentOf('Which deals in IC review have red flags?', { dealId }).intent).toMatchObject({
      kind: 'red_flags',
      subject: null,
      stages: ['ic_review'],
    });
    expect(intentOf('What red flags will the credit committee raise?').intent).toMatchObject({
      kind: 'red_flags',
      subject: null,
      stages: ['ic_review'],
    });
  });

  it('a named metric wins over the word pipeline', () => {
    for (const q of [
      'Which companies in our pipeline have the strongest revenue growth?',
      'Which companies in our open pipeline have the highest revenue growth?',
      'What is the total revenue growth in our pipeline?',
      'How many deals in our pipeline show revenue growth over 50%?',
    ]) {
      expect(intentOf(q).intent, q).toMatchObject({ kind: 'ranking', metric: 'revenue_growth' });
    }
    expect(intentOf('What is the total pipeline by stage?').intent).toMatchObject({ kind: 'portfolio' });
    expect(intentOf('What is the average deal size in our pipeline?').intent).toMatchObject({
      kind: 'portfolio',
      focus: 'average_size',
    });
  });

  it('asks back rather than guess', () => {
    expect(intentOf('what is the weather in Paris').intent).toEqual({ kind: 'unknown' });
    expect(intentOf("what is Zephyr's ARR").intent).toMatchObject({
      kind: 'unknown_company',
      names: ['Zephyr'],
    });
    expect(intentOf('size a facility').intent).toMatchObject({ kind: 'calculation', subject: null });
  });
});

describe('figures as written', () => {
  it('writes EUR amounts, percentages, months and ratios one way', () => {
    expect([money(1_234_567), money(850_000), money(2_500_000_000), money(-420_000)]).toEqual([
      '€1.23M',
      '€850k',
      '€2.5bn',
      '-€420k',
    ]);
    expect([percent(0.652), percent(1.18), percent(-0.1)]).toEqual(['65.2%', '118%', '-10%']);
    expect([months(18), months(1), months(5.26)]).toEqual(['18 months', '1 month', '5.3 months']);
    expect(ratio(3.6923)).toBe('3.69×');
    expect(figure(212, 'count')).toBe('212');
  });
});
