import {
  DEAL_STAGES,
  STAGE_LABELS,
  TOOL_CONTRACTS,
  type TToolName,
  type TToolOutput,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.ts';
import { registerOrganization } from '../../../test/fixtures.ts';
import { startTestServer, type TestServer } from '../../../test/server.ts';
import { FINANCIAL_MODEL, insertDocument } from '../../deal-intelligence/document-rows.fixtures.ts';
import { createCompany, createDeal } from '../../deals/pipeline.fixtures.ts';
import {
  ASSISTANT_COMPANIES,
  type AssistantOrganisation,
  seedAssistantOrganisation,
} from '../assistant.fixtures.ts';
import { NOT_COLLECTED_NOTE } from './get-market-intelligence.tool.ts';
import { ASSISTANT_TOOLS, runTool, runToolRecorded, toolByName } from './index.ts';
import type { ToolContext } from './tool.ts';

/**
 * The eight tools against the seeded organisation (assistant.fixtures.ts): exact figures, their
 * citations, organisation isolation (a second, identical organisation) and hostile input.
 */

let server: TestServer;
let a: AssistantOrganisation;
let b: AssistantOrganisation;
let inA: ToolContext;
let inB: ToolContext;

beforeAll(async () => {
  server = await startTestServer();
  a = await seedAssistantOrganisation(server.app);
  b = await seedAssistantOrganisation(server.app);
  const context = (org: AssistantOrganisation): ToolContext => ({
    db: server.database.db,
    organizationId: org.organizationId,
    userId: org.userId,
    now: new Date(),
  });
  inA = context(a);
  inB = context(b);
}, 180_000);

afterAll(async () => server?.close());

/** Runs a tool through runTool and insists its output keeps the contract. */
async function run<N extends TToolName>(
  context: ToolContext,
  name: N,
  input: unknown,
): Promise<TToolOutput<N>> {
  const { output, record } = await runTool(context, name, input);
  expect(record).toMatchObject({ name, ok: true });
  expect(record.duration_ms).toBeGreaterThanOrEqual(0);
  return TOOL_CONTRACTS[name].output.parse(output) as TToolOutput<N>;
}

async function refused(context: ToolContext, name: string, input: unknown): Promise<AppError> {
  const error = await runTool(context, name, input).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the tool set', () => {
  it('holds the eight tools in the order of the spec, each with a description', () => {
    expect(ASSISTANT_TOOLS.map((tool) => tool.name)).toEqual([
      'search_companies',
      'get_deal_details',
      'analyse_portfolio',
      'get_financial_metrics',
      'search_documents',
      'get_market_intelligence',
      'calculate_metrics',
      'get_red_flags',
    ]);
    for (const tool of ASSISTANT_TOOLS) expect(tool.description.length).toBeGreaterThan(80);
    expect(toolByName('get_red_flags')?.name).toBe('get_red_flags');
    expect(toolByName('drop_tables')).toBeUndefined();
  });
});

describe('search_companies', () => {
  it('finds a company by its name without the legal form, with its deals and last interaction', async () => {
    const output = await run(inA, 'search_companies', { query: 'acme' });
    expect(output.total).toBe(1);
    const [acme] = output.companies;
    expect(acme).toEqual({
      id: a.companies.acme.id,
      name: 'Acme Ltd',
      industry: 'B2B SaaS',
      country: 'United Kingdom',
      description: 'Compliance software for mid-sized banks and insurers.',
      match: 1,
      deals: [{ id: a.deals.acme.id, stage: 'due_diligence', amount_requested: 5_000_000 }],
      last_interaction: a.companies.acme.lastInteraction,
    });
    expect(output.citations).toEqual([
      expect.objectContaining({
        source: 'Acme Ltd',
        target: { kind: 'company', id: a.companies.acme.id, location: null },
      }),
    ]);
    expect(output.citations[0]?.content_excerpt).toContain('due_diligence €5,000,000');
  });

  it('ignores case, accents and the legal form', async () => {
    for (const query of ['cafe sante', 'CAFÉ SANTÉ SAS', 'Café Santé']) {
      const output = await run(inA, 'search_companies', { query });
      expect(output.companies[0]?.id, query).toBe(a.companies.cafe.id);
      expect(output.companies[0]?.match, query).toBe(1);
    }
    const limited = await run(inA, 'search_companies', { query: 'Acme Limited' });
    expect(limited.companies[0]?.id).toBe(a.companies.acme.id);
    for (const [query, key] of [
      ['lumiere', 'lumiere'],
      ['Lumiere Pay', 'lumiere'],
      ['sante', 'cafe'],
      ['helix', 'helix'],
      ['Fjord Analytics AS', 'fjord'],
    ] as const) {
      const found = await run(inA, 'search_companies', { query });
      expect(found.companies[0]?.id, query).toBe(a.companies[key].id);
    }
  });

  it('answers every company a shared word names, and finds companies by what they do', async () => {
    const nordlys = await run(inA, 'search_companies', { query: 'Nordlys' });
    expect(nordlys.companies.map((company) => company.name)).toEqual([
      'Nordlys Energy AB',
      'Nordlys Solar Oy',
    ]);
    const sepsis = await run(inA, 'search_companies', { query: 'sepsis' });
    expect(sepsis.companies.map((company) => company.id)).toEqual([a.companies.helix.id]);
  });

  it('filters by sector and country; a blank query lists by last update', async () => {
    const health = await run(inA, 'search_companies', { query: '', sector: 'healthtech', limit: 25 });
    const expected = Object.values(a.companies).filter((company) => company.industry === 'Healthtech');
    expect(health.total).toBe(expected.length);
    expect(new Set(health.companies.map((company) => company.id))).toEqual(
      new Set(expected.map((c) => c.id)),
    );
    const germany = await run(inA, 'search_companies', { query: '', country: 'germany' });
    expect(germany.companies.map((company) => company.name).sort()).toEqual([
      'Atlas Robotics GmbH',
      'Beta Payments GmbH',
      'Helix Diagnostics GmbH',
    ]);
    const all = await run(inA, 'search_companies', { limit: 25 });
    expect(all.total).toBe(Object.keys(a.companies).length);
    expect(all.companies.length).toBe(Object.keys(a.companies).length);
    const limited = await run(inA, 'search_companies', { limit: 2 });
    expect(limited.companies.length).toBe(2);
    expect(limited.total).toBe(Object.keys(a.companies).length);
  });

  it('answers nothing rather than a guess for a name nobody has', async () => {
    const output = await run(inA, 'search_companies', { query: 'Zebra Quantum Holdings' });
    expect(output).toEqual({ companies: [], total: 0, citations: [] });
  });
});

describe('search_companies: ranked by a metric, and not contacted lately', () => {
  it('ranks the companies that have the metric recorded, each with its value and citation', async () => {
    const output = await run(inA, 'search_companies', { rank_by: 'revenue_growth', limit: 5 });
    expect(output.total).toBe(13);
    expect(output.companies.map((c) => [c.name, c.value])).toEqual([
      ['Nordlys Solar Oy', 1.2],
      ['Lumière Pay SAS', 0.9],
      ['Café Santé SAS', 0.8],
      ['Helix Diagnostics GmbH', 0.7],
      ['Acme Ltd', 0.6],
    ]);
    expect(output.companies[4]).toMatchObject({
      id: a.companies.acme.id,
      deals: [{ id: a.deals.acme.id, stage: 'due_diligence', amount_requested: 5_000_000 }],
      last_interaction: a.companies.acme.lastInteraction,
    });
    expect(output.citations.map((c) => c.target.id)).toEqual(output.companies.map((c) => c.id));
    expect(output.citations[0]).toMatchObject({ source: 'Nordlys Solar Oy', relevance: 1 });
    expect(output.citations[0]?.content_excerpt).toContain('revenue_growth: 120% (company financial facts)');
    const lowest = await run(inA, 'search_companies', { rank_by: 'revenue_growth', order: 'asc', limit: 2 });
    expect(lowest.companies.map((c) => [c.name, c.value])).toEqual([
      ['Orbit Freight BV', -0.1],
      ['Meridian Health Ltd', 0.25],
    ]);
    // financial_metrics figures rank too; a sector narrows; an unrecorded metric ranks nobody.
    const margins = await run(inA, 'search_companies', {
      rank_by: 'gross_margin',
      sector: 'saas',
      limit: 25,
    });
    expect(margins.companies.map((c) => [c.name, c.value])).toEqual(
      Object.values(a.companies)
        .filter((c) => /saas/i.test(c.industry) && c.metrics.gross_margin !== undefined)
        .map((c) => [c.name, c.metrics.gross_margin])
        .sort((x, y) => Number(y[1]) - Number(x[1])),
    );
    expect(margins.total).toBe(margins.companies.length);
    const payback = await run(inA, 'search_companies', { rank_by: 'cac_payback_months' });
    expect(payback.total).toBe(1);
    expect(payback.companies.map((c) => [c.name, c.value])).toEqual([['Acme Ltd', 16]]);
    expect(payback.citations[0]?.content_excerpt).toContain('cac_payback_months: 16 months');
    const none = await run(inA, 'search_companies', { rank_by: 'revenue_growth', sector: 'Atlantis' });
    expect(none).toEqual({ companies: [], total: 0, citations: [] });
  });

  it('lists the companies nobody has spoken to, never contacted first, with days since', async () => {
    const output = await run(inA, 'search_companies', { not_contacted_for_days: 60, limit: 25 });
    expect(output.total).toBe(10);
    expect(output.never_contacted).toBe(6);
    expect(
      output.companies.slice(0, 6).every((c) => c.last_interaction === null && c.days_since_contact === null),
    ).toBe(true);
    const days = Object.fromEntries(output.companies.map((c) => [c.name, c.days_since_contact]));
    expect(days['Orbit Freight BV']).toBe(200);
    expect(days['Beta Payments GmbH']).toBe(75);
    expect(Object.keys(days)).not.toContain('Acme Ltd');
    expect(Object.keys(days)).not.toContain('Helix Diagnostics GmbH');
    // The longest silent first after the never contacted.
    const contacted = output.companies.slice(6).map((c) => c.days_since_contact ?? 0);
    expect(contacted).toEqual([...contacted].sort((x, y) => y - x));
    const orbit = output.companies.find((c) => c.id === a.companies.orbit.id);
    expect(orbit?.deals).toEqual([{ id: a.deals.orbit.id, stage: 'rejected', amount_requested: 3_500_000 }]);
    const cited = output.citations.find((c) => c.target.id === a.companies.orbit.id);
    expect(cited?.content_excerpt).toContain(`Last contact: ${orbit?.last_interaction}`);
    expect(output.citations.find((c) => c.target.id === a.companies.atlas.id)?.content_excerpt).toContain(
      'No email, note or interaction recorded',
    );
    const limited = await run(inA, 'search_companies', { not_contacted_for_days: 60, limit: 2 });
    expect(limited).toMatchObject({ total: 10, never_contacted: 6, contacted_before: 4 });
    expect(limited.companies).toHaveLength(2);
    const longer = await run(inA, 'search_companies', { not_contacted_for_days: 150 });
    expect(longer).toMatchObject({ total: 7, never_contacted: 6, contacted_before: 1 });
  });
});

describe('get_deal_details', () => {
  it('answers a deal in full, with its documents and citation', async () => {
    const { deal, alternatives, citations } = await run(inA, 'get_deal_details', {
      deal_id: a.deals.acme.id,
    });
    const seeded = a.deals.acme;
    expect(deal).toMatchObject({
      id: seeded.id,
      deal_number: seeded.dealNumber,
      company_id: a.companies.acme.id,
      company_name: 'Acme Ltd',
      stage: 'due_diligence',
      stage_label: 'Due Diligence',
      amount_requested: 5_000_000,
      sector: 'B2B SaaS',
      geography: 'United Kingdom',
      deal_type: 'venture_debt',
      thematic_score: seeded.thematicScore,
      red_flag_level: seeded.redFlagLevel,
      red_flag_count: seeded.redFlags.length,
      suggested_facility: seeded.suggestedFacility,
      // The note written at seeding is newer than the deal's own last interaction (5 days ago).
      last_interaction: a.companies.acme.lastInteraction,
    });
    expect(deal?.documents).toEqual([
      expect.objectContaining({
        id: a.documents.acmeBoardPack.id,
        name: 'Acme board pack Q3 2025.pdf',
        document_type: 'board_report',
      }),
    ]);
    expect(alternatives).toEqual([]);
    expect(citations).toEqual([
      expect.objectContaining({
        source: `Acme Ltd — deal #${seeded.dealNumber}`,
        relevance: 1,
        target: { kind: 'deal', id: seeded.id, location: null },
      }),
    ]);
    expect(citations[0]?.content_excerpt).toContain('amount requested €5,000,000');
  });

  it('by company name answers the open deal and lists the others as alternatives', async () => {
    const meridian = await run(inA, 'get_deal_details', { company_name: 'meridian health' });
    expect(meridian.deal?.id).toBe(a.deals.meridianFollowOn.id);
    expect(meridian.alternatives).toEqual([
      { id: a.deals.meridian.id, company_name: 'Meridian Health Ltd', stage: 'rejected' },
    ]);
    const nordlys = await run(inA, 'get_deal_details', { company_name: 'Nordlys' });
    expect(nordlys.deal?.id).toBe(a.deals.nordlys.id);
    expect(nordlys.alternatives).toEqual([
      { id: a.deals.nordlysSolar.id, company_name: 'Nordlys Solar Oy', stage: 'lead' },
    ]);
    const byCompanyId = await run(inA, 'get_deal_details', { company_id: a.companies.helix.id });
    expect(byCompanyId.deal?.id).toBe(a.deals.helix.id);
  });

  it('answers null when nothing matches', async () => {
    expect(await run(inA, 'get_deal_details', { company_name: 'Zebra Quantum Holdings' })).toEqual({
      deal: null,
      alternatives: [],
      citations: [],
    });
    expect((await run(inA, 'get_deal_details', { deal_id: crypto.randomUUID() })).deal).toBeNull();
  });
});

describe('analyse_portfolio', () => {
  it('totals the pipeline by stage, with pipeline value and conversion', async () => {
    const output = await run(inA, 'analyse_portfolio', {});
    const { portfolio } = a;
    expect(output.group_by).toBe('stage');
    expect(output.groups.map((group) => group.key)).toEqual(
      DEAL_STAGES.filter((stage) => portfolio.byStage[stage]),
    );
    for (const group of output.groups) {
      const expected = portfolio.byStage[group.key as keyof typeof portfolio.byStage]!;
      const scores = Object.values(a.deals)
        .filter((deal) => deal.stage === group.key)
        .map((deal) => deal.thematicScore!);
      expect(group).toEqual({
        key: group.key,
        label: STAGE_LABELS[group.key as keyof typeof STAGE_LABELS],
        count: expected.count,
        total_amount: expected.total,
        average_amount: Math.round((expected.total / expected.count) * 100) / 100,
        average_score: Math.round((scores.reduce((x, y) => x + y, 0) / scores.length) * 100) / 100,
        // The group's share of all the deals selected, by count and by amount requested.
        count_share: Math.round((expected.count / 14) * 10_000) / 10_000,
        amount_share: Math.round((expected.total / 71_000_000) * 10_000) / 10_000,
      });
    }
    expect(output.totals).toEqual({ count: 14, total_amount: 71_000_000, average_amount: 5_071_428.57 });
    expect(output.pipeline_value).toBe(51_000_000);
    expect(output.pipeline_value).toBe(portfolio.pipelineValue);
    expect(output.conversion).toEqual({ closed: 2, rejected: 2, rate: 0.5 });
    expect(output.currency).toBe('EUR');
    expect(output.citations).toEqual([
      expect.objectContaining({
        source: 'Portfolio: 14 deals by stage',
        target: { kind: 'portfolio', id: null, location: null },
      }),
    ]);
    expect(output.citations[0]?.content_excerpt).toContain('Due Diligence: 3 deals, €16,000,000');
    expect(output.citations[0]?.content_excerpt).toContain('open pipeline €51,000,000');
  });

  it('groups by sector and by geography as written on the deals', async () => {
    const sectors = await run(inA, 'analyse_portfolio', { group_by: 'sector' });
    expect(
      Object.fromEntries(sectors.groups.map((g) => [g.label, { count: g.count, total: g.total_amount }])),
    ).toEqual(a.portfolio.bySector);
    expect(sectors.groups[0]).toMatchObject({ label: 'B2B SaaS', total_amount: 22_000_000 });
    const places = await run(inA, 'analyse_portfolio', { group_by: 'geography' });
    expect(
      Object.fromEntries(places.groups.map((g) => [g.label, { count: g.count, total: g.total_amount }])),
    ).toEqual(a.portfolio.byGeography);
  });

  it('groups by red-flag level, gravest first', async () => {
    const output = await run(inA, 'analyse_portfolio', { group_by: 'red_flag_level' });
    const levels = Object.values(a.deals).map((deal) => deal.redFlagLevel);
    expect(output.groups[0]).toMatchObject({
      key: 'reject',
      label: 'Critical Risk',
      count: levels.filter((level) => level === 'reject').length,
    });
    expect(output.groups.reduce((sum, group) => sum + group.count, 0)).toBe(14);
  });

  it('filters by stage and level; conversion is null before any deal was decided', async () => {
    const diligence = await run(inA, 'analyse_portfolio', { stages: ['due_diligence'] });
    expect(diligence.totals).toEqual({ count: 3, total_amount: 16_000_000, average_amount: 5_333_333.33 });
    expect(diligence.conversion).toEqual({ closed: 0, rejected: 0, rate: null });
    expect(diligence.citations[0]?.source).toBe('Portfolio: 3 deals by stage (stages Due Diligence)');
    const critical = await run(inA, 'analyse_portfolio', { group_by: 'sector', red_flag_level: 'reject' });
    const rejectDeals = Object.values(a.deals).filter((deal) => deal.redFlagLevel === 'reject');
    expect(critical.totals.count).toBe(rejectDeals.length);
    expect(critical.totals.total_amount).toBe(rejectDeals.reduce((sum, deal) => sum + deal.amount, 0));
  });
});

describe('analyse_portfolio by the company funding stage', () => {
  it("groups deals by their company's funding stage, with revenue growth and gross margin averages", async () => {
    const output = await run(inA, 'analyse_portfolio', { group_by: 'funding_stage' });
    expect(output.group_by).toBe('funding_stage');
    expect(output.groups.map((g) => [g.label, g.count, g.total_amount])).toEqual([
      ['Seed', 1, 2_000_000],
      ['Series A', 6, 16_500_000],
      ['Series B', 5, 33_500_000],
      ['Series C', 2, 19_000_000],
    ]);
    const seriesB = output.groups[2]!;
    expect(seriesB).toMatchObject({
      key: 'series b',
      average_amount: 6_700_000,
      average_revenue_growth: 0.62,
      deals_with_revenue_growth: 5,
      average_gross_margin: 0.634,
      deals_with_gross_margin: 5,
    });
    expect(output.groups[3]).toMatchObject({
      average_revenue_growth: 0.35,
      average_gross_margin: 0.665,
      deals_with_gross_margin: 2,
    });
    // The averages are the deals' own recorded figures.
    const stageOf = (companyId: string) =>
      Object.entries(a.companies).find(
        ([, c]) => c.id === companyId,
      )?.[0] as keyof typeof ASSISTANT_COMPANIES;
    const seriesBDeals = Object.values(a.deals).filter(
      (d) => ASSISTANT_COMPANIES[stageOf(d.companyId)].stage === 'Series B',
    );
    const margins = seriesBDeals.map((d) => d.metrics?.gross_margin ?? 0);
    expect(seriesB.average_gross_margin).toBeCloseTo(margins.reduce((x, y) => x + y, 0) / margins.length, 4);
    expect(output.totals).toEqual({ count: 14, total_amount: 71_000_000, average_amount: 5_071_428.57 });
    expect(output.citations).toEqual([
      expect.objectContaining({
        source: "Portfolio: 14 deals by company's funding stage",
        target: { kind: 'portfolio', id: null, location: null },
      }),
    ]);
    expect(output.citations[0]?.content_excerpt).toContain(
      'Series B: 5 deals, €33,500,000, average revenue growth 62% (5 deals), average gross margin 63.4% (5 deals)',
    );
    // Other groupings do not carry the averages.
    const byStage = await run(inA, 'analyse_portfolio', {});
    expect(byStage.groups[0]).not.toHaveProperty('average_revenue_growth');
  });

  it('keeps to the funding stages asked, in any case and spacing', async () => {
    const output = await run(inA, 'analyse_portfolio', {
      group_by: 'funding_stage',
      funding_stages: ['series b', ' SERIES C ', 'Series F'],
    });
    expect(output.groups.map((g) => [g.label, g.count])).toEqual([
      ['Series B', 5],
      ['Series C', 2],
    ]);
    expect(output.totals.total_amount).toBe(52_500_000);
    expect(output.citations[0]?.source).toBe(
      "Portfolio: 7 deals by company's funding stage (funding stages series b, SERIES C, Series F)",
    );
    // The filter works with any grouping.
    const byStage = await run(inA, 'analyse_portfolio', { funding_stages: ['Seed'] });
    expect(byStage.groups.map((g) => [g.key, g.count])).toEqual([['lead', 1]]);
  });
});

describe('get_financial_metrics', () => {
  it("answers a company's recorded figures and its documents' figures, each with its source", async () => {
    const output = await run(inA, 'get_financial_metrics', { company_name: 'Acme' });
    expect(output.subject).toEqual({
      kind: 'company',
      id: a.companies.acme.id,
      company_id: a.companies.acme.id,
      company_name: 'Acme Ltd',
      deal_id: null,
    });
    const recorded = output.metrics.filter((metric) => metric.source.kind === 'company');
    expect(Object.fromEntries(recorded.map((metric) => [metric.name, metric.value]))).toEqual(
      a.companies.acme.metrics,
    );
    expect(recorded.find((metric) => metric.name === 'gross_margin')).toMatchObject({
      unit: 'fraction',
      value: 0.74,
    });
    const cash = output.metrics.find((metric) => metric.source.kind === 'document' && metric.name === 'cash');
    expect(cash).toMatchObject({
      value: 6_300_000,
      unit: 'currency',
      currency: 'EUR',
      source: {
        kind: 'document',
        id: a.documents.acmeBoardPack.id,
        name: 'Acme board pack Q3 2025.pdf',
        location: { label: 'page 3', excerpt: 'Cash in bank: €6.3M (September 2025)' },
      },
    });
    expect(output.citations).toContainEqual(
      expect.objectContaining({
        source: 'Acme board pack Q3 2025.pdf, page 3',
        content_excerpt: 'Cash in bank: €6.3M (September 2025)',
        target: { kind: 'document', id: a.documents.acmeBoardPack.id, location: 'page 3' },
      }),
    );
    expect(output.citations[0]).toMatchObject({ source: 'Acme Ltd', target: { kind: 'company' } });
    expect(output.citations[0]?.content_excerpt).toContain('cash: €6,300,000');
  });

  it('answers the metrics asked for, by the names people use, and lists those the data lacks', async () => {
    const output = await run(inA, 'get_financial_metrics', {
      company_name: 'helix diagnostics',
      metrics: ['runway', 'Gross margin', 'ebitda', 'valuation'],
    });
    expect(output.missing).toEqual(['ebitda', 'valuation']);
    expect(output.metrics.map((metric) => [metric.name, metric.value, metric.source.kind])).toEqual([
      ['gross_margin', 0.61, 'company'],
      ['gross_margin', 0.61, 'document'],
      ['runway_months', 4, 'document'],
    ]);
    expect(output.metrics[2]?.source.location?.label).toBe('slide 5');
  });

  it("answers a deal's record and documents", async () => {
    const output = await run(inA, 'get_financial_metrics', {
      deal_id: a.deals.beta.id,
      metrics: ['ebitda', 'cash'],
    });
    expect(output.subject).toMatchObject({ kind: 'deal', id: a.deals.beta.id, deal_id: a.deals.beta.id });
    expect(output.metrics.map((metric) => [metric.name, metric.value, metric.source.name])).toEqual([
      ['cash', 2_100_000, `Beta Payments GmbH — deal #${a.deals.beta.dealNumber}`],
      ['ebitda', -3_420_000, 'Beta Payments annual accounts 2024.pdf'],
      ['cash', 2_100_000, 'Beta Payments annual accounts 2024.pdf'],
    ]);
    expect(output.citations[0]).toMatchObject({ target: { kind: 'deal', id: a.deals.beta.id } });
    expect(output.missing).toEqual([]);
  });

  it('answers no subject when nothing matches, everything asked for missing', async () => {
    expect(
      await run(inA, 'get_financial_metrics', { company_name: 'Zebra Quantum', metrics: ['arr'] }),
    ).toEqual({
      subject: null,
      metrics: [],
      missing: ['arr'],
      citations: [],
    });
  });

  it("reads a company's figures kept only on its deal, cited to the deal", async () => {
    const owner = await registerOrganization(server.app);
    const token = owner.access_token;
    const company = await createCompany(server.app, token, { name: 'Deal Only Dynamics' });
    const deal = await createDeal(server.app, token, {
      company_id: company.id,
      amount_requested: 2_000_000,
      financial_metrics: { cash: 3_000_000, monthly_burn: 250_000 },
    });
    const context: ToolContext = {
      db: server.database.db,
      organizationId: owner.organization.id,
      userId: owner.user.id,
      now: new Date(),
    };
    const metrics = await run(context, 'get_financial_metrics', {
      company_name: 'Deal Only',
      metrics: ['cash', 'burn'],
    });
    expect(
      metrics.metrics.map((metric) => [metric.name, metric.value, metric.source.kind, metric.source.id]),
    ).toEqual([
      ['monthly_burn', 250_000, 'deal', deal.id],
      ['cash', 3_000_000, 'deal', deal.id],
    ]);
    const runway = await run(context, 'calculate_metrics', {
      calculation: 'runway',
      company_name: 'Deal Only',
    });
    expect(runway.result).toBe(12);
    expect(runway.citations.map((citation) => citation.target)).toContainEqual({
      kind: 'deal',
      id: deal.id,
      location: null,
    });
  });
});

describe('search_documents', () => {
  it('finds passages with their document, page and excerpt, cited to the page', async () => {
    const output = await run(inA, 'search_documents', { query: 'monthly net burn' });
    const deck = output.results.find((result) => result.document_id === a.documents.helixDeck.id);
    expect(deck).toMatchObject({
      title: 'Helix Diagnostics investor deck.pdf',
      doc_type: 'document',
      company_name: 'Helix Diagnostics GmbH',
      location: 'slide 5',
    });
    expect(deck?.excerpt).toContain('Monthly net burn: €300k');
    expect(output.citations).toContainEqual(
      expect.objectContaining({
        source: 'Helix Diagnostics investor deck.pdf, slide 5',
        target: { kind: 'document', id: a.documents.helixDeck.id, location: 'slide 5' },
      }),
    );
  });

  it('cites an email through the company it is about', async () => {
    const output = await run(inA, 'search_documents', { query: 'covenant reset', doc_types: ['email'] });
    expect(output.results.map((result) => result.title)).toEqual(['Beta Payments: covenant reset request']);
    expect(output.citations[0]).toMatchObject({
      source: 'Email "Beta Payments: covenant reset request" (Beta Payments GmbH)',
      target: { kind: 'company', id: a.companies.beta.id, location: null },
    });
  });

  it('keeps to the companies and types asked for', async () => {
    const acmeOnly = await run(inA, 'search_documents', {
      query: 'monthly net burn',
      company_ids: [a.companies.acme.id],
      limit: 20,
    });
    expect(acmeOnly.results.length).toBeGreaterThan(0);
    expect(acmeOnly.results.every((result) => result.company_name === 'Acme Ltd')).toBe(true);
    expect(await run(inA, 'search_documents', { query: 'burn', doc_types: ['no_such_type'] })).toEqual({
      results: [],
      citations: [],
    });
  });
});

describe('get_market_intelligence', () => {
  it('answers empty lists and says nothing has been collected yet', async () => {
    const output = await run(inA, 'get_market_intelligence', { company_name: 'Acme', days: 90 });
    expect(output).toMatchObject({
      signals: [],
      funding_announcements: [],
      funding_summary: {
        rounds: 0,
        total_raised_eur: null,
        amounts_known: 0,
        amounts_unknown: 0,
        by_stage: [],
      },
      signals_total: 0,
      collecting: false,
      note: NOT_COLLECTED_NOTE,
      citations: [],
    });
  });
});

describe('calculate_metrics', () => {
  it("works out a company's runway from its record, cited", async () => {
    const output = await run(inA, 'calculate_metrics', { calculation: 'runway', company_name: 'Acme' });
    expect(output).toMatchObject({
      calculation: 'runway',
      result: 18,
      unit: 'months',
      steps: ['Runway = €6,300,000 ÷ €350,000 per month = 18 months'],
      inputs_used: [
        { name: 'cash', value: 6_300_000, source: 'Acme Ltd (company record)' },
        { name: 'monthly_burn', value: 350_000, source: 'Acme Ltd (company record)' },
      ],
      missing: [],
    });
    expect(output.citations[0]).toMatchObject({
      source: 'Calculation: runway',
      date: null,
      target: { kind: 'calculation', id: null, location: null },
    });
    expect(output.citations[1]).toMatchObject({
      source: 'Acme Ltd',
      content_excerpt: 'cash: €6,300,000; monthly_burn: €350,000',
      target: { kind: 'company', id: a.companies.acme.id },
    });
  });

  it('inputs given win over the record', async () => {
    const output = await run(inA, 'calculate_metrics', {
      calculation: 'runway',
      deal_id: a.deals.acme.id,
      inputs: { cash: 7_000_000 },
    });
    expect(output.result).toBe(20);
    expect(output.inputs_used).toEqual([
      { name: 'cash', value: 7_000_000, source: 'given in the request' },
      { name: 'monthly_burn', value: 350_000, source: `Acme Ltd — deal #${a.deals.acme.dealNumber}` },
    ]);
  });

  it('a cash-generative company has no runway limit', async () => {
    const output = await run(inA, 'calculate_metrics', {
      calculation: 'runway',
      company_name: 'Kraken Security',
    });
    expect(output).toMatchObject({ result: null, missing: [] });
    expect(output.interpretation).toBe('Not burning cash: runway is not limited by burn (cash generative).');
  });

  it("reads a document's year of burn as a monthly burn, showing the division", async () => {
    const owner = await registerOrganization(server.app);
    const company = await createCompany(server.app, owner.access_token, { name: 'Lumen Robotics' });
    const deal = await createDeal(server.app, owner.access_token, {
      company_id: company.id,
      amount_requested: 3_000_000,
    });
    await insertDocument(server.database.db, {
      organizationId: owner.organization.id,
      dealId: deal.id,
      name: 'Model FY2024.xlsx',
      createdAt: new Date('2025-08-01T09:00:00Z'),
      documentType: 'financial_model',
      analysis: FINANCIAL_MODEL,
    });
    const context = { ...inA, organizationId: owner.organization.id, userId: owner.user.id };
    const output = await run(context, 'calculate_metrics', { calculation: 'runway', deal_id: deal.id });
    // €9,600,000 ÷ (€4,800,000 over FY2024 ÷ 12) = 24 months, not 2.
    expect(output).toMatchObject({
      result: 24,
      steps: ['Runway = €9,600,000 ÷ €400,000 per month = 24 months'],
      inputs_used: [
        { name: 'cash', value: 9_600_000, source: 'Model FY2024.xlsx, Cash!D12: "Closing cash | 9,600,000"' },
        {
          name: 'monthly_burn',
          value: 400_000,
          source:
            'Model FY2024.xlsx, Cash!D9: "Net cash burn | (4,800,000)"; Monthly burn = €4,800,000 over FY2024 ÷ 12 months = €400,000',
        },
      ],
    });
  });

  it("reads a document's quarter of revenue as an annualised run rate and MRR as ARR × 12, showing how", async () => {
    const owner = await registerOrganization(server.app);
    const context = { ...inA, organizationId: owner.organization.id, userId: owner.user.id };
    const revenueFigure = (value: number, period: string | null, months: number | null, excerpt: string) => ({
      value,
      unit: 'currency' as const,
      currency: 'EUR',
      period,
      months_covered: months,
      source: { kind: 'page' as const, page: 3, label: 'page 3', excerpt },
    });
    const dealWith = async (name: string, key_metrics: typeof FINANCIAL_MODEL.key_metrics) => {
      const company = await createCompany(server.app, owner.access_token, { name });
      const deal = await createDeal(server.app, owner.access_token, {
        company_id: company.id,
        amount_requested: 2_000_000,
      });
      await insertDocument(server.database.db, {
        organizationId: owner.organization.id,
        dealId: deal.id,
        name: `${name} board pack.pdf`,
        createdAt: new Date('2025-08-01T09:00:00Z'),
        documentType: 'board_report',
        analysis: { ...FINANCIAL_MODEL, key_metrics },
      });
      return run(context, 'calculate_metrics', {
        calculation: 'burn_multiple',
        deal_id: deal.id,
        inputs: { monthly_burn: 380_000, revenue_growth: 0.6 },
      });
    };

    const quarter = await dealWith('Quarter Ltd', {
      revenue: revenueFigure(2_900_000, 'Q2 2025', 3, 'Revenue for the quarter was €2.9m'),
    });
    // 4,560,000 ÷ (11,600,000 × 0.6 ÷ 1.6 = 4,350,000) ≈ 1.05; as a year's revenue €2.9M would give 4.19.
    expect(quarter.result).toBe(1.05);
    expect(quarter.inputs_used).toContainEqual({
      name: 'revenue',
      value: 11_600_000,
      source:
        'Quarter Ltd board pack.pdf, page 3: "Revenue for the quarter was €2.9m"; Annual revenue = €2,900,000 in Q2 2025 × 4 = €11,600,000 (annualised run rate, not reported annual revenue)',
    });

    const recurring = await dealWith('Recurring Ltd', {
      mrr: revenueFigure(400_000, 'monthly', 1, 'MRR of €400k'),
    });
    expect(recurring.result).toBe(2.53);
    expect(recurring.inputs_used).toContainEqual({
      name: 'arr',
      value: 4_800_000,
      source:
        'Recurring Ltd board pack.pdf, page 3: "MRR of €400k"; ARR = MRR of €400,000 × 12 = €4,800,000 (annualised run rate, not reported annual revenue)',
    });

    const vague = await dealWith('Vague Ltd', {
      revenue: revenueFigure(2_900_000, null, null, 'Revenue: €2.9m'),
    });
    expect(vague).toMatchObject({ result: null, missing: ['arr'] });
  });

  it('burn multiple and Rule of 40 of a deal, the margin from one report', async () => {
    const burn = await run(inA, 'calculate_metrics', {
      calculation: 'burn_multiple',
      deal_id: a.deals.beta.id,
    });
    expect(burn.result).toBe(3.69);
    const rule = await run(inA, 'calculate_metrics', { calculation: 'rule_of_40', deal_id: a.deals.beta.id });
    expect(rule.result).toBe(-37.41);
    expect(rule.inputs_used).toEqual([
      {
        name: 'revenue_growth',
        value: 0.45,
        source: `Beta Payments GmbH — deal #${a.deals.beta.dealNumber}`,
      },
      {
        name: 'ebitda',
        value: -3_420_000,
        source: 'Beta Payments annual accounts 2024.pdf, page 2: "EBITDA (3,420) (2,950)"',
      },
      {
        name: 'revenue',
        value: 4_150_000,
        source: 'Beta Payments annual accounts 2024.pdf, page 2: "Revenue 4,150 2,830"',
      },
    ]);
    expect(rule.citations.map((citation) => citation.target.kind)).toEqual([
      'calculation',
      'deal',
      'document',
      'document',
    ]);
  });

  it('sizes a facility as the scoring engine does for the deal', async () => {
    const output = await run(inA, 'calculate_metrics', {
      calculation: 'facility_sizing',
      deal_id: a.deals.acme.id,
    });
    expect(output.range).toEqual(a.deals.acme.suggestedFacility);
    expect(output.range).toEqual({ min: 2_500_000, max: 4_200_000 });
    expect(output.steps.at(-1)).toBe('Suggested facility: €2.5M–€4.2M.');
  });

  it('names the inputs the data lacks, and says when the company was not found', async () => {
    const ltv = await run(inA, 'calculate_metrics', { calculation: 'ltv_cac', company_name: 'Acme' });
    expect(ltv).toMatchObject({ result: null, missing: ['arpa', 'cac'] });
    const unknown = await run(inA, 'calculate_metrics', {
      calculation: 'runway',
      company_name: 'Zebra Quantum',
    });
    expect(unknown).toMatchObject({ result: null, missing: ['cash', 'monthly_burn'], inputs_used: [] });
    expect(unknown.interpretation).toBe(
      'No deal or company of the organisation matches "Zebra Quantum", so only the inputs given were used.',
    );
    const bare = await run(inA, 'calculate_metrics', {
      calculation: 'debt_service_coverage',
      inputs: { cash_flow_available: 1_500_000, debt_service: 1_000_000 },
    });
    expect(bare).toMatchObject({ result: 1.5, missing: [] });
  });
});

describe('get_red_flags', () => {
  it('answers the due-diligence deals with critical flags, and only those flags', async () => {
    const output = await run(inA, 'get_red_flags', { stages: ['due_diligence'], min_severity: 'critical' });
    const expected = Object.values(a.deals).filter(
      (deal) => deal.stage === 'due_diligence' && deal.redFlags.some((flag) => flag.severity === 'critical'),
    );
    expect(output.total_deals).toBe(expected.length);
    expect(new Set(output.deals.map((deal) => deal.deal_id))).toEqual(
      new Set([a.deals.beta.id, a.deals.helix.id]),
    );
    for (const deal of output.deals) {
      expect(deal.red_flag_level).toBe('reject');
      expect(deal.flags.every((flag) => flag.severity === 'critical')).toBe(true);
    }
    const beta = output.deals.find((deal) => deal.deal_id === a.deals.beta.id);
    expect(beta?.flags[0]?.description).toBe(
      'Runway is 5 months (cash €2.1M ÷ monthly burn €420k), under the 6-month minimum: the company must raise equity or cut burn before it can service debt.',
    );
    expect(output.citations).toContainEqual(
      expect.objectContaining({
        source: `Beta Payments GmbH — deal #${a.deals.beta.dealNumber}`,
        target: { kind: 'deal', id: a.deals.beta.id, location: null },
      }),
    );
    expect(output.document_flags).toEqual([]);
  });

  it('answers every flagged deal by default, and respects the limit', async () => {
    const flagged = Object.values(a.deals).filter((deal) => deal.redFlags.length > 0);
    const all = await run(inA, 'get_red_flags', {});
    expect(all.total_deals).toBe(flagged.length);
    expect(all.deals.reduce((sum, deal) => sum + deal.flags.length, 0)).toBe(
      flagged.reduce((sum, deal) => sum + deal.redFlags.length, 0),
    );
    const order = ['critical', 'high', 'medium', 'low'];
    for (const min of ['critical', 'high', 'medium', 'low'] as const) {
      const graveEnough = (severity: string) => order.indexOf(severity) <= order.indexOf(min);
      const expected = Object.values(a.deals).filter((deal) =>
        deal.redFlags.some((f) => graveEnough(f.severity)),
      );
      const output = await run(inA, 'get_red_flags', { min_severity: min, limit: 100 });
      expect(output.total_deals, min).toBe(expected.length);
      expect(new Set(output.deals.map((deal) => deal.deal_id)), min).toEqual(
        new Set(expected.map((deal) => deal.id)),
      );
      expect(
        output.deals.every((deal) => deal.flags.every((flag) => graveEnough(flag.severity))),
        min,
      ).toBe(true);
    }
    const two = await run(inA, 'get_red_flags', { limit: 2 });
    expect(two.deals.length).toBe(2);
    expect(two.total_deals).toBe(flagged.length);
  });

  it("answers a named deal's flags and its documents' risk flags with their pages", async () => {
    const output = await run(inA, 'get_red_flags', { company_name: 'beta payments' });
    expect(output.deals.map((deal) => deal.deal_id)).toEqual([a.deals.beta.id]);
    expect(output.deals[0]?.flags.map((flag) => flag.severity)).toEqual(
      a.deals.beta.redFlags.map((flag) => flag.severity),
    );
    expect(output.document_flags).toEqual(
      a.documents.betaAccounts.riskFlags.map((text) => ({
        document_id: a.documents.betaAccounts.id,
        document_name: 'Beta Payments annual accounts 2024.pdf',
        text,
      })),
    );
    expect(output.citations.filter((citation) => citation.target.kind === 'document')).toEqual(
      a.documents.betaAccounts.riskFlags.map(() =>
        expect.objectContaining({
          source: 'Beta Payments annual accounts 2024.pdf, page 2',
          target: { kind: 'document', id: a.documents.betaAccounts.id, location: 'page 2' },
        }),
      ),
    );
  });
});

describe('organisation isolation', () => {
  it("another organisation's ids are not found, by any tool", async () => {
    const dealId = a.deals.acme.id;
    const companyId = a.companies.acme.id;
    expect((await run(inB, 'get_deal_details', { deal_id: dealId })).deal).toBeNull();
    expect((await run(inB, 'get_deal_details', { company_id: companyId })).deal).toBeNull();
    expect((await run(inB, 'get_financial_metrics', { deal_id: dealId })).subject).toBeNull();
    expect((await run(inB, 'get_financial_metrics', { company_id: companyId })).metrics).toEqual([]);
    const calculation = await run(inB, 'calculate_metrics', { calculation: 'runway', deal_id: dealId });
    expect(calculation).toMatchObject({ result: null, inputs_used: [], missing: ['cash', 'monthly_burn'] });
    const flags = await run(inB, 'get_red_flags', { deal_id: a.deals.beta.id });
    expect(flags).toEqual({ deals: [], total_deals: 0, document_flags: [], citations: [] });
    const documents = await run(inB, 'search_documents', {
      query: 'monthly net burn',
      company_ids: [companyId],
    });
    expect(documents.results).toEqual([]);
  });

  it('names and searches answer only their own organisation', async () => {
    const idsOfA = new Set([
      ...Object.values(a.companies).map((company) => company.id),
      ...Object.values(a.deals).map((deal) => deal.id),
      ...Object.values(a.documents).map((document) => document.id),
    ]);
    const outputs = [
      await run(inB, 'search_companies', { query: 'acme' }),
      await run(inB, 'search_companies', { limit: 25 }),
      await run(inB, 'get_deal_details', { company_name: 'Acme' }),
      await run(inB, 'get_financial_metrics', { company_name: 'Acme' }),
      await run(inB, 'search_documents', { query: 'monthly net burn cash runway', limit: 20 }),
      await run(inB, 'calculate_metrics', { calculation: 'rule_of_40', company_name: 'Beta Payments' }),
      await run(inB, 'get_red_flags', { limit: 100 }),
      await run(inB, 'get_red_flags', { company_name: 'Beta Payments' }),
    ];
    const text = JSON.stringify(outputs);
    for (const id of idsOfA) expect(text).not.toContain(id);
    expect(text).toContain(b.companies.acme.id);
    expect(text).toContain(b.documents.betaAccounts.id);
    const portfolio = await run(inB, 'analyse_portfolio', {});
    expect(portfolio.totals).toEqual({ count: 14, total_amount: 71_000_000, average_amount: 5_071_428.57 });
    const readings = [
      await run(inB, 'search_companies', { rank_by: 'revenue_growth', limit: 25 }),
      await run(inB, 'search_companies', { not_contacted_for_days: 60, limit: 25 }),
      await run(inB, 'analyse_portfolio', { group_by: 'funding_stage' }),
    ];
    const read = JSON.stringify(readings);
    for (const id of idsOfA) expect(read).not.toContain(id);
    expect(read).toContain(b.companies.nordlysSolar.id);
    expect(readings[0]).toMatchObject({ total: 13 });
    expect(readings[1]).toMatchObject({ total: 10, never_contacted: 6 });
    expect((readings[2] as TToolOutput<'analyse_portfolio'>).totals.count).toBe(14);
  });
});

describe('hostile input', () => {
  it('an unknown tool is a 404', async () => {
    const error = await refused(inA, 'drop_tables', {});
    expect(error.statusCode).toBe(404);
    expect(error.code).toBe('TOOL_NOT_FOUND');
  });

  it('input the contract refuses is a 422 naming the field', async () => {
    const cases: [TToolName, unknown, string][] = [
      ['search_companies', { query: 5 }, 'query'],
      ['search_companies', { query: 'x'.repeat(10_000) }, 'query'],
      ['search_companies', { limit: 0 }, 'limit'],
      ['search_companies', { limit: 1_000 }, 'limit'],
      ['get_deal_details', {}, ''],
      ['get_deal_details', null, ''],
      ['get_deal_details', { deal_id: "1' or '1'='1" }, 'deal_id'],
      ['get_deal_details', { company_name: 'x'.repeat(201) }, 'company_name'],
      ['analyse_portfolio', { group_by: 'amount; drop table deals' }, 'group_by'],
      ['analyse_portfolio', { stages: ['won'] }, 'stages.0'],
      ['get_financial_metrics', { company_name: 'Acme', metrics: 'arr' }, 'metrics'],
      ['search_documents', { query: '' }, 'query'],
      ['search_documents', { query: 'burn', company_ids: ['not-a-uuid'] }, 'company_ids.0'],
      ['get_market_intelligence', { days: 10_000 }, 'days'],
      ['calculate_metrics', { calculation: 'npv' }, 'calculation'],
      ['calculate_metrics', { calculation: 'runway', inputs: { cash: 'lots' } }, 'inputs.cash'],
      ['get_red_flags', { min_severity: 'apocalyptic' }, 'min_severity'],
      ['get_red_flags', 'get me everything', ''],
      ['search_companies', { rank_by: 'revenue_growth; drop table companies' }, 'rank_by'],
      ['search_companies', { rank_by: 'name' }, 'rank_by'],
      ['search_companies', { rank_by: 'arr', order: 'sideways' }, 'order'],
      ['search_companies', { rank_by: 'arr', query: 'acme' }, 'query'],
      ['search_companies', { rank_by: 'arr', not_contacted_for_days: 30 }, 'rank_by'],
      ['search_companies', { not_contacted_for_days: 0 }, 'not_contacted_for_days'],
      ['search_companies', { not_contacted_for_days: 2.5 }, 'not_contacted_for_days'],
      ['search_companies', { not_contacted_for_days: '60' }, 'not_contacted_for_days'],
      ['analyse_portfolio', { group_by: 'company_stage' }, 'group_by'],
      ['analyse_portfolio', { funding_stages: 'Series B' }, 'funding_stages'],
      ['analyse_portfolio', { funding_stages: [''] }, 'funding_stages.0'],
      ['analyse_portfolio', { funding_stages: Array.from({ length: 13 }, () => 'Seed') }, 'funding_stages'],
    ];
    for (const [name, input, path] of cases) {
      const error = await refused(inA, name, input);
      expect(error.statusCode, `${name} ${JSON.stringify(input).slice(0, 80)}`).toBe(422);
      expect(
        error.errors?.map((field) => field.path),
        name,
      ).toContain(path);
    }
  });

  it('runToolRecorded answers a failure with its error and a record marked not ok, never throwing', async () => {
    const refusedInput = await runToolRecorded(inA, 'get_deal_details', { deal_id: 'nope' });
    expect(refusedInput.ok).toBe(false);
    expect(refusedInput.record).toMatchObject({
      name: 'get_deal_details',
      input: { deal_id: 'nope' },
      ok: false,
    });
    expect(!refusedInput.ok && (refusedInput.error as AppError).statusCode).toBe(422);
    const madeUp = await runToolRecorded(inA, 'get_weather', {});
    expect(madeUp).toMatchObject({ ok: false, record: null });
    const fine = await runToolRecorded(inA, 'analyse_portfolio', {});
    expect(fine).toMatchObject({ ok: true, record: { name: 'analyse_portfolio', ok: true } });
    expect(fine.ok && (fine.output as TToolOutput<'analyse_portfolio'>).totals.count).toBe(14);
  });

  it('unknown fields are dropped, SQL-like and wildcard text is only text', async () => {
    const stripped = await runTool(inA, 'search_companies', {
      query: 'acme',
      organization_id: b.organizationId,
    });
    expect(stripped.record.input).toEqual({ query: 'acme', limit: 10 });
    expect((stripped.output as TToolOutput<'search_companies'>).companies[0]?.id).toBe(a.companies.acme.id);
    for (const name of ["'; drop table deals; --", '%', '_', '\\', "Acme' or 1=1 --", '%%%%acme%%']) {
      const details = await run(inA, 'get_deal_details', { company_name: name });
      if (details.deal) expect(details.deal.company_name, name).toBe('Acme Ltd');
      await run(inA, 'search_companies', { query: name, sector: name, country: name });
      await run(inA, 'search_documents', { query: name });
      await run(inA, 'get_red_flags', { company_name: name });
      await run(inA, 'calculate_metrics', { calculation: 'runway', company_name: name });
      await run(inA, 'search_companies', { rank_by: 'arr', sector: name, country: name });
      await run(inA, 'search_companies', { not_contacted_for_days: 60, sector: name });
      const stages = await run(inA, 'analyse_portfolio', {
        group_by: 'funding_stage',
        funding_stages: [name],
      });
      expect(stages.totals.count, name).toBe(0);
    }
    expect((await run(inA, 'get_deal_details', { company_name: "'; drop table deals; --" })).deal).toBeNull();
    expect((await run(inA, 'analyse_portfolio', {})).totals.count).toBe(14);
  });
});
