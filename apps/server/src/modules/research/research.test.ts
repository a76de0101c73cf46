import type {
  TAutoResearchStatus,
  TBenchmarksResponse,
  TCompany,
  TDeal,
  TDeepResearchResult,
  TInvestmentThesisFit,
  TResearchRecord,
} from '@atempo/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWorkflowLogs } from '../../platform/workflows/index.ts';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import {
  insertAnalysedDocument,
  insertAnnouncement,
  insertSignal,
  type ResearchOrganisation,
  seedResearchOrganisation,
  settledStatus,
} from './research.fixtures.ts';

/**
 * The research engine through the API with its workflows on the job queue: discovery records and
 * their sources, save_to_db, the thesis fit, benchmarks, the new-deal workflow, deep research and
 * company discovery, organisation isolation and bad input.
 */

let server: TestServer;
let a: ResearchOrganisation;
let b: ResearchOrganisation;

beforeAll(async () => {
  server = await startTestServer();
  a = await seedResearchOrganisation(server.app, server.database.db);
  b = await seedResearchOrganisation(server.app, server.database.db);
}, 180_000);
afterAll(async () => server?.close());

const api = (path: string) => `/api/v1${path}`;

async function discover(org: ResearchOrganisation, body: unknown, query = '') {
  const response = await call<{ execution_id: string; research_id: string; status: string }>(
    server.app,
    'POST',
    api(`/agents/research/discover${query}`),
    { token: org.token, body },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  expect(response.body.status).toBe('pending');
  const status = await settledStatus(server.app, org.token, response.body.execution_id);
  expect(status.status, JSON.stringify(status)).toBe('completed');
  const record = await call<TResearchRecord>(
    server.app,
    'GET',
    api(`/agents/research/${response.body.research_id}`),
    {
      token: org.token,
    },
  );
  expect(record.status).toBe(200);
  return { started: response.body, status, record: record.body };
}

async function getCompany(org: ResearchOrganisation, id: string) {
  const response = await call<TCompany>(server.app, 'GET', api(`/companies/${id}`), { token: org.token });
  expect(response.status).toBe(200);
  return response.body;
}

describe('research discovery', () => {
  it('stores a record whose every fact cites its record, page or announcement, and leaves the company alone without save_to_db', async () => {
    const { record, status } = await discover(a, {
      deal_id: a.acmeDeal.id,
      company_name: 'Acme Ltd',
      industry_sector: 'B2B SaaS',
    });
    const steps = status.steps as { name: string; status: string }[];
    expect(steps.map((step) => [step.name, step.status])).toEqual([
      ['gather_facts', 'completed'],
      ['write_summary', 'completed'],
      ['update_company', 'skipped'],
      ['save_record', 'completed'],
    ]);
    const { findings } = record;
    expect(findings.status).toBe('completed');
    expect(findings.company?.id).toBe(a.acme.id);
    // Record figures cite the company; document figures cite the page and its words.
    const arr = findings.metrics.find((metric) => metric.field === 'arr');
    expect(arr).toMatchObject({
      value: 8_400_000,
      source: { kind: 'company', id: a.acme.id, name: 'Acme Ltd' },
    });
    const nrr = findings.metrics.find((metric) => metric.field === 'net_revenue_retention');
    expect(nrr).toMatchObject({
      value: 1.18,
      source: {
        kind: 'document',
        id: a.boardPackId,
        name: 'Acme board pack Q3.pdf, page 2',
        excerpt: 'Net revenue retention 118%',
      },
    });
    expect(findings.funding_announcements.map((hit) => [hit.id, hit.source.url])).toEqual(
      expect.arrayContaining([
        [a.confidentRoundId, 'https://news.example/acme-series-b'],
        [a.rumourId, 'https://rumours.example/acme-c'],
      ]),
    );
    expect(findings.market_signals).toHaveLength(1);
    expect(findings.documents.map((hit) => hit.id)).toEqual([a.boardPackId]);
    // The peers are B2B SaaS companies without deals; Acme's own deal is not its comparable.
    expect(findings.comparable_deals).toEqual([]);
    for (const fact of [...(findings.company?.facts ?? []), ...findings.metrics]) {
      expect(fact.source.id, fact.field).toBeTruthy();
    }
    // Every cited record is listed once among the sources.
    const cited = new Set(findings.sources.map((source) => `${source.kind}:${source.id}`));
    for (const key of [
      `company:${a.acme.id}`,
      `document:${a.boardPackId}`,
      `funding_announcement:${a.confidentRoundId}`,
    ]) {
      expect(cited).toContain(key);
    }
    expect(findings.missing).toEqual(['Runway']);
    expect(findings.summary).toMatchObject({ engine: 'built-in', model: null });
    expect(findings.summary?.text).toContain('arr €8,400,000 [Acme Ltd]');
    expect(findings.summary?.text).toContain('[Acme board pack Q3.pdf, page 2]');
    expect(findings.summary?.text).toContain('Not in the data: Runway.');
    const company = await getCompany(a, a.acme.id);
    expect(company.last_funding_amount).toBeNull();
    expect(company.stage).toBeNull();
  }, 90_000);

  it('with save_to_db (the automation form) fills only empty fields, from confident announcements, citing them', async () => {
    const { record, started } = await discover(
      a,
      { search_criteria: { company_name: 'Acme Ltd', industry_sector: 'B2B SaaS' }, save_to_db: true },
      `?deal_id=${a.acmeDeal.id}`,
    );
    expect(record.research_depth).toBe('comprehensive');
    expect(record.deal_id).toBe(a.acmeDeal.id);
    const updates = record.findings.company_updates;
    // The newer €50M Series C is a 0.4-confidence rumour: neither its amount nor its stage is used.
    expect(updates.filter((fact) => fact.field !== 'source_articles')).toEqual([
      expect.objectContaining({
        field: 'last_funding_amount',
        value: 20_000_000,
        source: expect.objectContaining({
          id: a.confidentRoundId,
          url: 'https://news.example/acme-series-b',
        }),
      }),
      expect.objectContaining({
        field: 'stage',
        value: 'Series B',
        source: expect.objectContaining({ id: a.confidentRoundId }),
      }),
    ]);
    const company = await getCompany(a, a.acme.id);
    expect(company.last_funding_amount).toBe(20_000_000);
    expect(company.stage).toBe('Series B');
    // Fields the team entered stay as they were.
    expect(company.industry).toBe('B2B SaaS');
    expect(company.revenue).toBe(7_900_000);
    expect(company.source_articles.map((item) => item.url)).toEqual(['https://news.example/acme-series-b']);
    const { lines: logs } = await getWorkflowLogs(
      server.database.db,
      a.organizationId,
      started.execution_id,
      50,
    );
    expect(logs.map((line) => line.message)).toContain(
      'Updated last_funding_amount, stage, source_articles from 3 sourced facts',
    );
  }, 90_000);

  it('refuses bad input with 4xx and writes nothing', async () => {
    const bad = [
      { deal_id: 'not-a-uuid', company_name: 'Acme Ltd' },
      { company_name: '   ' },
      { company_name: 'x'.repeat(201) },
      { search_criteria: { company_name: 'Acme', research_depth: 'infinite' } },
      {},
    ];
    for (const body of bad) {
      const response = await call(server.app, 'POST', api('/agents/research/discover'), {
        token: a.token,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
    const unknownDeal = await call(server.app, 'POST', api('/agents/research/discover'), {
      token: a.token,
      body: { deal_id: '00000000-0000-4000-8000-000000000000', company_name: 'Acme Ltd' },
    });
    expect(unknownDeal.status).toBe(404);
    const malformed = await server.app.inject({
      method: 'POST',
      url: api('/agents/research/discover'),
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      payload: '{"company_name": ',
    });
    expect(malformed.statusCode).toBe(400);
    const unauthenticated = await call(server.app, 'POST', api('/agents/research/discover'), {
      body: { company_name: 'Acme Ltd' },
    });
    expect(unauthenticated.status).toBe(401);
  });
});

describe('investment thesis fit', () => {
  it('answers the deal scores component by component with the engine reasons, by research id and by deal id', async () => {
    const { started } = await discover(a, { deal_id: a.acmeDeal.id, company_name: 'Acme Ltd' });
    const deal = (await call<TDeal>(server.app, 'GET', api(`/deals/${a.acmeDeal.id}`), { token: a.token }))
      .body;
    for (const id of [started.research_id, a.acmeDeal.id]) {
      const response = await call<TInvestmentThesisFit>(
        server.app,
        'GET',
        api(`/agents/research/${id}/investment-thesis`),
        {
          token: a.token,
        },
      );
      expect(response.status).toBe(200);
      const fit = response.body;
      expect(fit.deal_id).toBe(a.acmeDeal.id);
      expect(fit.thematic_score).toBe(deal.thematic_score);
      expect(Object.keys(fit.components)).toEqual([
        'sector_alignment',
        'geographic_fit',
        'stage_fit',
        'deal_size_fit',
        'financial_metrics',
      ]);
      for (const [key, component] of Object.entries(fit.components)) {
        const name = key as keyof typeof fit.components;
        expect(component.score).toBe(deal.scoring_breakdown?.sector_scores[name]);
        expect(component.reason).toBe(deal.scoring_breakdown?.reasons[name]);
      }
      expect(fit.components.sector_alignment.input).toBe('B2B SaaS');
      expect(fit.components.deal_size_fit).toMatchObject({ weight: 0.15, input: '€5M' });
      expect(fit.sources.map((source) => source.kind)).toEqual(['deal', 'company', 'thesis']);
    }
  }, 90_000);

  it('for research about a company without a deal, leaves deal size unscored and says why', async () => {
    const { started } = await discover(a, { company_name: 'Peer 1 Ltd' });
    const response = await call<TInvestmentThesisFit>(
      server.app,
      'GET',
      api(`/agents/research/${started.research_id}/investment-thesis`),
      { token: a.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.deal_id).toBeNull();
    expect(response.body.company_id).toBe(a.peers[0]!.id);
    expect(response.body.components.deal_size_fit).toMatchObject({ score: null, input: 'not in the data' });
    expect(response.body.components.geographic_fit.input).toBe('Germany');
  }, 90_000);
});

describe('benchmarks', () => {
  it('places the company among the portfolio quartiles (by hand) and the published medians, and says what is not in the data', async () => {
    const response = await call<TBenchmarksResponse>(
      server.app,
      'GET',
      api(`/agents/research/${b.acmeDeal.id}/benchmarks?company_name=Acme%20Ltd&sector=B2B%20SaaS`),
      { token: b.token },
    );
    expect(response.status).toBe(200);
    const rows = Object.fromEntries(response.body.metrics.map((row) => [row.metric, row]));
    // Peers 0.5, 0.6, 0.7, 0.8: p25 = 0.5 + 0.75 × 0.1, median = 0.65, p75 = 0.7 + 0.25 × 0.1.
    expect(rows.gross_margin).toMatchObject({
      company_value: 0.74,
      company_value_text: '74%',
      company_source: { kind: 'company', id: b.acme.id },
      portfolio: { count: 4, p25: 0.575, median: 0.65, p75: 0.725 },
      portfolio_position: 'top quartile',
      published: { value: 0.8, kind: 'median', year: 2018 },
    });
    expect(rows.gross_margin!.published_comparison).toBe(
      '74% is worse than the published median of 80% (KBCM Technology Group (KeyBanc) & forEntrepreneurs, 2018 Private SaaS Company Survey, part 2, 2018).',
    );
    expect(rows.gross_margin!.published?.source.url).toMatch(/^https:\/\//);
    // From the board pack (page 2), which no peer records.
    expect(rows.net_revenue_retention).toMatchObject({
      company_value: 1.18,
      company_source: { kind: 'document', id: b.boardPackId, location: 'page 2' },
      portfolio: null,
      portfolio_position: 'no other company in B2B SaaS records this metric',
    });
    // Burn multiple = 350,000 × 12 ÷ (8,400,000 × 0.6 ÷ 1.6) = 4,200,000 ÷ 3,150,000 = 1.33.
    expect(rows.burn_multiple).toMatchObject({
      company_value: 1.33,
      published: { kind: 'threshold', value: 2 },
    });
    expect(rows.burn_multiple!.published_comparison).toContain('within the published "good" bound of 2x');
    // Revenue growth of peers is not recorded.
    expect(rows.revenue_growth).toMatchObject({ company_value: 0.6, portfolio: null });
    expect(response.body).toMatchObject({ portfolio_size: 4, portfolio_sector: 'B2B SaaS' });

    const withRevenue = await call<TBenchmarksResponse>(
      server.app,
      'GET',
      api(`/agents/research/${b.acmeDeal.id}/benchmarks?revenue=1234567`),
      { token: b.token },
    );
    expect(withRevenue.body.revenue).toBe(1_234_567);
    expect(withRevenue.body.revenue_source?.name).toBe('Given in the request (revenue)');

    // A company with no figures: every metric is not in the data.
    const bare = await createCompany(server.app, b.token, { name: 'Bare Ltd' });
    const bareDeal = await createDeal(server.app, b.token, {
      company_id: bare.id,
      amount_requested: 3_000_000,
    });
    const empty = await call<TBenchmarksResponse>(
      server.app,
      'GET',
      api(`/agents/research/${bareDeal.id}/benchmarks`),
      {
        token: b.token,
      },
    );
    expect(empty.status).toBe(200);
    for (const row of empty.body.metrics) {
      expect(row.company_value_text).toBe('not in the data');
      expect(row.portfolio_position).toBe('not in the data');
      expect(row.company_value).toBeNull();
    }
    const badRevenue = await call(
      server.app,
      'GET',
      api(`/agents/research/${b.acmeDeal.id}/benchmarks?revenue=lots`),
      {
        token: b.token,
      },
    );
    expect(badRevenue.status).toBe(422);
  }, 60_000);
});

describe('new-deal workflow', () => {
  it('runs score_deal, check_red_flags, research_company and summarise_documents, logging each step', async () => {
    const started = await call<{ execution_id: string; status: string }>(
      server.app,
      'POST',
      api('/agents/workflows/new-deal'),
      {
        token: a.token,
        body: { deal_id: a.acmeDeal.id, company_name: 'Acme Ltd', initial_documents: [a.boardPackId] },
      },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.status).toBe('pending');
    const status = await settledStatus(server.app, a.token, started.body.execution_id);
    expect(status.status).toBe('completed');
    expect(
      (status.steps as { name: string; status: string }[]).map((step) => [step.name, step.status]),
    ).toEqual([
      ['score_deal', 'completed'],
      ['check_red_flags', 'completed'],
      ['research_company', 'completed'],
      ['summarise_documents', 'completed'],
    ]);
    const result = status.result as {
      score: { thematic_score: number };
      research: { research_id: string; counts: { documents: number } };
      documents: { document_id: string; key_metrics: number; risk_flags: string[] }[];
    };
    expect(result.score.thematic_score).toBeGreaterThan(0);
    expect(result.research.counts.documents).toBe(1);
    expect(result.documents).toEqual([
      expect.objectContaining({
        document_id: a.boardPackId,
        key_metrics: 2,
        risk_flags: ['Two customers make up 31% of ARR.'],
      }),
    ]);
    const record = await call<TResearchRecord>(
      server.app,
      'GET',
      api(`/agents/research/${result.research.research_id}`),
      {
        token: a.token,
      },
    );
    expect(record.body.findings.status).toBe('completed');
    const messages = (
      await getWorkflowLogs(server.database.db, a.organizationId, started.body.execution_id, 100)
    ).lines.map((line) => `${line.stepName}: ${line.message}`);
    for (const step of ['score_deal', 'check_red_flags', 'research_company', 'summarise_documents']) {
      expect(messages).toContain(`${step}: Step '${step}' started`);
      expect(messages).toContain(`${step}: Step '${step}' completed`);
    }
  }, 90_000);

  it('skips summarise_documents without documents and refuses documents of another deal', async () => {
    const started = await call<{ execution_id: string }>(
      server.app,
      'POST',
      api('/agents/workflows/new-deal'),
      {
        token: a.token,
        body: { deal_id: a.acmeDeal.id, company_name: 'Acme Ltd' },
      },
    );
    const status = await settledStatus(server.app, a.token, started.body.execution_id);
    expect((status.steps as { name: string; status: string }[]).at(-1)).toMatchObject({
      name: 'summarise_documents',
      status: 'skipped',
    });
    const other = await createDeal(server.app, a.token, {
      company_id: a.peers[0]!.id,
      amount_requested: 4_000_000,
    });
    const foreignDoc = await call(server.app, 'POST', api('/agents/workflows/new-deal'), {
      token: a.token,
      body: { deal_id: other.id, initial_documents: [a.boardPackId] },
    });
    expect(foreignDoc.status).toBe(404);
    const bad = await call(server.app, 'POST', api('/agents/workflows/new-deal'), {
      token: a.token,
      body: { deal_id: a.acmeDeal.id, initial_documents: ['x'] },
    });
    expect(bad.status).toBe(422);
  }, 90_000);
});

describe('deep research', () => {
  let fintech: ResearchOrganisation;
  beforeAll(async () => {
    fintech = await seedResearchOrganisation(server.app, server.database.db);
    const db = server.database.db;
    const org = fintech.organizationId;
    await createCompany(server.app, fintech.token, {
      name: 'Ledgerly Ltd',
      industry: 'Fintech',
      headquarters_country: 'United Kingdom',
      stage: 'Series B',
      description: 'Fintech ledger software for lenders.',
    });
    const seeds = [
      ['Paylane Ltd', 'UK', 'United Kingdom', 'Series B', 0.82],
      ['Coinhaus GmbH', 'Europe', 'Germany', 'Series B', 0.9],
      ['Seedpay Ltd', 'UK', 'United Kingdom', 'Seed', 0.9],
      ['Austin Pay Inc', 'US', 'United States', 'Series B', 0.9],
      ['Midpay Ltd', 'UK', 'London, UK', 'Series B', 0.6],
      ['Lowpay Ltd', 'UK', 'United Kingdom', 'Series B', 0.45],
      ['Ledgerly Ltd', 'UK', 'United Kingdom', 'Series B', 0.9],
    ] as const;
    for (const [index, [name, region, country, stage, confidence]] of seeds.entries()) {
      await insertAnnouncement(db, org, {
        company_name: name,
        title: `${name} raises a ${stage} round for its fintech platform`,
        amount_eur: 10_000_000 + index,
        stage,
        region,
        country,
        sector: 'Fintech',
        confidence,
        url: `https://news.example/${index}`,
        days_ago: index + 1,
      });
    }
    await insertAnalysedDocument(db, org, {
      deal_id: null,
      company_id: null,
      name: 'Fintech market map.pdf',
      summary: 'A map of fintech lenders in Europe.',
    });
  }, 120_000);

  async function trigger(org: ResearchOrganisation, query: string, saveToDb: boolean): Promise<string> {
    const started = await call<{ task_id: string }>(server.app, 'POST', api('/auto-research/trigger'), {
      token: org.token,
      body: { query, save_to_db: saveToDb },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return started.body.task_id;
  }

  /** Polls the task, as the form does, until `until` holds of an answer. */
  async function pollUntil(
    org: ResearchOrganisation,
    taskId: string,
    until: (status: TAutoResearchStatus) => boolean,
  ): Promise<TAutoResearchStatus> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await call<TAutoResearchStatus>(
        server.app,
        'GET',
        api(`/auto-research/status/${taskId}`),
        { token: org.token },
      );
      expect(status.status).toBe(200);
      expect(['running', 'completed', 'failed']).toContain(status.body.status);
      if (until(status.body)) return status.body;
      if (status.body.status !== 'running') throw new Error(`Research ended ${JSON.stringify(status.body)}`);
      if (Date.now() > deadline) throw new Error('deep research did not get there');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const finished = (status: TAutoResearchStatus) => status.status !== 'running';

  async function research(
    org: ResearchOrganisation,
    query: string,
    saveToDb: boolean,
  ): Promise<TAutoResearchStatus> {
    return pollUntil(org, await trigger(org, query, saveToDb), finished);
  }

  it('filters by the region and stage the question names, and adds the untracked companies with their confidence level', async () => {
    const status = await research(fintech, 'Series B fintech in the UK', true);
    expect(status).toMatchObject({ status: 'completed', progress: 100, error: null });
    const result = status.result as TDeepResearchResult;
    expect(result).toMatchObject({
      regions: ['UK'],
      stages: ['B'],
      terms: [],
      filters: [
        { kind: 'region', label: 'UK' },
        { kind: 'stage', label: 'Series B' },
        { kind: 'sector', label: 'Fintech' },
      ],
    });
    expect(result.searched).toEqual(['companies', 'funding_announcements', 'documents', 'market_signals']);
    const rounds = result.hits
      .filter((hit) => hit.kind === 'funding_announcement')
      .map((hit) => hit.company_name);
    expect(rounds.sort()).toEqual(['Ledgerly Ltd', 'Lowpay Ltd', 'Midpay Ltd', 'Paylane Ltd']);
    expect(result.hits.filter((hit) => hit.kind === 'company').map((hit) => hit.title)).toEqual([
      'Ledgerly Ltd',
    ]);
    // The market map has no company, hence no region: a filtered question leaves it out.
    expect(result.hits.some((hit) => hit.kind === 'document')).toBe(false);
    for (const hit of result.hits) expect(hit.source.id).toBe(hit.id);
    expect(status.partial_results).toEqual(result.hits);
    expect(result.summary?.engine).toBe('built-in');

    // Ledgerly is tracked already; the others come in as discovery with their confidence level.
    const saved = Object.fromEntries(
      result.saved_companies.map((company) => [company.name, company.confidence_level]),
    );
    expect(saved).toEqual({ 'Paylane Ltd': 'high', 'Midpay Ltd': 'medium', 'Lowpay Ltd': 'low' });
    const list = await call<{ companies: { id: string; name: string }[] }>(
      server.app,
      'GET',
      api('/companies?search=pay&limit=50'),
      {
        token: fintech.token,
      },
    );
    const paylane = list.body.companies.find((company) => company.name === 'Paylane Ltd');
    const company = await getCompany(fintech, paylane!.id);
    expect(company).toMatchObject({
      source: 'discovery',
      confidence_level: 'high',
      confidence_score: 0.82,
      stage: 'Series B',
      industry: 'Fintech',
      headquarters_country: 'United Kingdom',
    });
    expect(list.body.companies.map((item) => item.name)).not.toContain('Coinhaus GmbH');
  }, 90_000);

  it('a sector alone filters every source (a document of no company by its words), and without save_to_db adds nothing', async () => {
    const before = await call<{ total: number }>(server.app, 'GET', api('/companies?limit=1'), {
      token: fintech.token,
    });
    const status = await research(fintech, 'fintech', false);
    const result = status.result as TDeepResearchResult;
    expect(result.regions).toEqual([]);
    expect(result.hits.some((hit) => hit.kind === 'document' && hit.title === 'Fintech market map.pdf')).toBe(
      true,
    );
    expect(result.hits.filter((hit) => hit.kind === 'funding_announcement')).toHaveLength(7);
    expect(result.saved_companies).toEqual([]);
    const after = await call<{ total: number }>(server.app, 'GET', api('/companies?limit=1'), {
      token: fintech.token,
    });
    expect(after.body.total).toBe(before.body.total);
  }, 90_000);

  it('answers the hits found so far while later sources are still being searched', async () => {
    // The documents table held in an exclusive lock: the run searches companies and funding
    // announcements, publishes what they found, then waits at its documents step until the lock
    // goes. What a poll sees in between is the partial answer, however fast or slow the machine.
    const { taskId, midRun } = await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table documents in access exclusive mode`);
      const taskId = await trigger(fintech, 'Series B fintech in the UK', false);
      const midRun = await pollUntil(fintech, taskId, (status) =>
        Boolean(status.result?.searched.includes('funding_announcements')),
      );
      return { taskId, midRun };
    });
    expect(midRun.status).toBe('running');
    expect(midRun.progress).toBeLessThan(100);
    const partial = midRun.result as TDeepResearchResult;
    expect(partial).toMatchObject({
      regions: ['UK'],
      stages: ['B'],
      searched: ['companies', 'funding_announcements'],
      summary: null,
      saved_companies: [],
    });
    expect(midRun.partial_results).toEqual(partial.hits);
    expect(
      partial.hits
        .filter((hit) => hit.kind === 'funding_announcement')
        .map((hit) => hit.company_name)
        .sort(),
    ).toEqual(['Ledgerly Ltd', 'Lowpay Ltd', 'Midpay Ltd', 'Paylane Ltd']);
    expect(partial.hits.filter((hit) => hit.kind === 'company').map((hit) => hit.title)).toContain(
      'Ledgerly Ltd',
    );
    expect(partial.hits.some((hit) => hit.kind === 'document' || hit.kind === 'market_signal')).toBe(false);

    // The lock gone, the run searches the rest and completes with what it had found.
    const done = await pollUntil(fintech, taskId, finished);
    expect(done.status).toBe('completed');
    const result = done.result as TDeepResearchResult;
    expect(result.searched).toEqual(['companies', 'funding_announcements', 'documents', 'market_signals']);
    expect(result.summary?.engine).toBe('built-in');
    for (const hit of partial.hits) expect(result.hits).toContainEqual(hit);
  }, 90_000);

  it('Europe includes the UK; Asia and D match nothing here', async () => {
    const europe = (await research(fintech, 'European fintech Series B', false))
      .result as TDeepResearchResult;
    expect(europe.regions).toEqual(['Europe']);
    expect(
      europe.hits
        .filter((hit) => hit.kind === 'funding_announcement')
        .map((hit) => hit.company_name)
        .sort(),
    ).toEqual(['Coinhaus GmbH', 'Ledgerly Ltd', 'Lowpay Ltd', 'Midpay Ltd', 'Paylane Ltd']);
    const asia = (await research(fintech, 'Series D fintech in Asia', false)).result as TDeepResearchResult;
    expect(asia).toMatchObject({ regions: ['Asia'], stages: ['D'], hits: [] });
  }, 90_000);

  it("refuses a blank query with 'Please enter a research query'", async () => {
    for (const body of [{ query: '' }, { query: '   ' }, {}]) {
      const response = await call(server.app, 'POST', api('/auto-research/trigger'), {
        token: fintech.token,
        body,
      });
      expect(response.status).toBe(422);
      expect(response.body.detail).toBe('Please enter a research query');
    }
    const long = await call(server.app, 'POST', api('/auto-research/trigger'), {
      token: fintech.token,
      body: { query: 'x'.repeat(501) },
    });
    expect(long.status).toBe(422);
    const unknown = await call(
      server.app,
      'GET',
      api('/auto-research/status/00000000-0000-4000-8000-000000000000'),
      {
        token: fintech.token,
      },
    );
    expect(unknown.status).toBe(404);
  });
});

describe('deep research filters and pages', () => {
  let org: ResearchOrganisation;
  beforeAll(async () => {
    org = await seedResearchOrganisation(server.app, server.database.db);
    const db = server.database.db;
    const id = org.organizationId;
    const rounds = [
      // name, sector as the ingest stores it, country, stage, days ago
      ['Fjordheat AS', 'climate_tech', 'Norway', 'Series A', 5],
      ['Oldclimate AB', 'climate_tech', 'Sweden', 'Series A', 200],
      ['Voltpark GmbH', 'climate_tech', 'Germany', 'Series A', 3],
      ['Paykraft GmbH', 'fintech', 'Germany', 'Series A', 4],
      ['Greenledger SA', 'cleantech', 'France', 'Series B', 8],
    ] as const;
    for (const [index, [name, sector, country, stage, days]] of rounds.entries()) {
      const announcement = await insertAnnouncement(db, id, {
        company_name: name,
        title: `${name} raises a ${stage} round`,
        amount_eur: 5_000_000 + index,
        stage,
        region: 'Europe',
        country,
        sector,
        confidence: 0.9,
        url: `https://news.example/filters/${index}`,
        days_ago: days,
      });
      if (name === 'Voltpark GmbH') {
        await insertSignal(db, id, {
          company_name: name,
          company_id: null,
          title: `${name} raised €5M in a Series A round`,
          announcement_id: announcement,
        });
      }
    }
    const nordsol = await createCompany(server.app, org.token, {
      name: 'Nordsol AB',
      industry: 'Climate Tech',
      headquarters_country: 'Sweden',
      stage: 'Series A',
    });
    await insertAnalysedDocument(db, id, {
      deal_id: null,
      company_id: nordsol.id,
      name: 'Nordsol board pack.pdf',
      summary: 'Heat storage for district heating.',
    });
  }, 120_000);

  async function research(query: string, paging = ''): Promise<TDeepResearchResult> {
    const started = await call<{ task_id: string }>(server.app, 'POST', api('/auto-research/trigger'), {
      token: org.token,
      body: { query, save_to_db: false },
    });
    expect(started.status).toBe(202);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await call<TAutoResearchStatus>(
        server.app,
        'GET',
        api(`/auto-research/status/${started.body.task_id}${paging}`),
        { token: org.token },
      );
      expect(status.status, JSON.stringify(status.body)).toBe(200);
      if (status.body.status === 'completed') return status.body.result as TDeepResearchResult;
      expect(status.body.status).toBe('running');
      if (Date.now() > deadline) throw new Error('deep research did not finish');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const names = (result: TDeepResearchResult, kind: string) =>
    result.hits
      .filter((hit) => hit.kind === kind)
      .map((hit) => hit.company_name)
      .sort();

  it('a sector takes its whole group and shows a human label', async () => {
    const result = await research('climate tech', '?limit=100');
    expect(result.filters).toEqual([{ kind: 'sector', label: 'Climate Tech' }]);
    // cleantech is climate tech; the fintech round is not.
    expect(names(result, 'funding_announcement')).toEqual([
      'Fjordheat AS',
      'Greenledger SA',
      'Oldclimate AB',
      'Voltpark GmbH',
    ]);
    const voltpark = result.hits.find((hit) => hit.title === 'Voltpark GmbH raises a Series A round')!;
    expect(voltpark).toMatchObject({ sector: 'climate_tech', sector_label: 'Climate Tech' });
    expect(names(result, 'company')).toEqual(['Nordsol AB']);
    expect(names(result, 'document')).toEqual(['Nordsol AB']);
    expect(names(result, 'market_signal')).toEqual(['Voltpark GmbH']);
  }, 90_000);

  it('a country or sub-region (DACH, Nordics) applies to every source', async () => {
    const dach = await research('climate tech in DACH', '?limit=100');
    expect(dach.filters).toEqual([
      { kind: 'place', label: 'DACH' },
      { kind: 'sector', label: 'Climate Tech' },
    ]);
    expect(names(dach, 'funding_announcement')).toEqual(['Voltpark GmbH']);
    expect(names(dach, 'market_signal')).toEqual(['Voltpark GmbH']);
    expect(names(dach, 'company')).toEqual([]);
    const nordics = await research('climate tech in the Nordics', '?limit=100');
    expect(names(nordics, 'funding_announcement')).toEqual(['Fjordheat AS', 'Oldclimate AB']);
    expect(names(nordics, 'company')).toEqual(['Nordsol AB']);
    expect(names(nordics, 'document')).toEqual(['Nordsol AB']);
    expect(names(nordics, 'market_signal')).toEqual([]);
    const germany = await research('fintech in Germany', '?limit=100');
    expect(names(germany, 'funding_announcement')).toEqual(['Paykraft GmbH']);
  }, 90_000);

  it('a time window applies to every source; a record with no date is not placed in it', async () => {
    const recent = await research('climate tech in the Nordics in the last 90 days', '?limit=100');
    expect(recent.filters.map((filter) => filter.label)).toEqual(['Nordics', 'Climate Tech', 'Last 90 days']);
    expect(recent.terms).toEqual([]);
    // The 200-day-old round is out; Nordsol has no dated round; its board pack was analysed today.
    expect(names(recent, 'funding_announcement')).toEqual(['Fjordheat AS']);
    expect(names(recent, 'company')).toEqual([]);
    expect(names(recent, 'document')).toEqual(['Nordsol AB']);
    const lastWeek = await research('Series A rounds in the past week', '?limit=100');
    expect(lastWeek.filters).toEqual([
      { kind: 'stage', label: 'Series A' },
      { kind: 'window', label: 'Last 7 days' },
    ]);
    expect(names(lastWeek, 'funding_announcement')).toEqual([
      'Fjordheat AS',
      'Paykraft GmbH',
      'Voltpark GmbH',
    ]);
  }, 90_000);

  it('pages the results with their total, and refuses a bad page with 422', async () => {
    const all = await research('climate tech', '?limit=100');
    expect(all.total).toBe(all.hits.length);
    expect(all.total).toBeGreaterThanOrEqual(7);
    const first = await research('climate tech', '?page=1&limit=3');
    expect(first).toMatchObject({ total: all.total, page: 1, limit: 3 });
    expect(first.hits).toEqual(all.hits.slice(0, 3));
    const second = await research('climate tech', '?page=2&limit=3');
    expect(second.hits).toEqual(all.hits.slice(3, 6));
    const beyond = await research('climate tech', '?page=50&limit=3');
    expect(beyond).toMatchObject({ total: all.total, hits: [] });
    for (const bad of ['?limit=0', '?limit=101', '?page=0', '?page=x']) {
      const response = await call(
        server.app,
        'GET',
        api(`/auto-research/status/00000000-0000-4000-8000-000000000000${bad}`),
        { token: org.token },
      );
      expect(response.status, bad).toBe(422);
      expect(response.body.code, bad).toBeTruthy();
    }
  }, 90_000);
});

describe('company discovery', () => {
  it('adds the companies whose rounds fit the thesis (sector, market, stage), at most max_companies', async () => {
    const org = await seedResearchOrganisation(server.app, server.database.db);
    const db = server.database.db;
    await insertAnnouncement(db, org.organizationId, {
      company_name: 'Finly GmbH',
      title: 'Finly GmbH raises Series A',
      amount_eur: 8_000_000,
      stage: 'Series A',
      region: 'Europe',
      country: 'Germany',
      sector: 'Fintech',
      confidence: 0.65,
      url: 'https://news.example/finly',
      days_ago: 3,
    });
    await insertAnnouncement(db, org.organizationId, {
      company_name: 'Texan Oil Inc',
      title: 'Texan Oil raises Series B',
      amount_eur: 8_000_000,
      stage: 'Series B',
      region: 'US',
      country: 'United States',
      sector: 'Oil and gas',
      confidence: 0.9,
      url: 'https://news.example/texan',
      days_ago: 3,
    });
    const started = await call<{ execution_id: string }>(
      server.app,
      'POST',
      api('/agents/research/company-discovery'),
      {
        token: org.token,
        body: { research_depth: 'comprehensive', priority: 'high', max_companies: 20, save_to_db: true },
      },
    );
    expect(started.status).toBe(202);
    const status = await settledStatus(server.app, org.token, started.body.execution_id);
    expect(status.status).toBe('completed');
    const result = status.result as { saved_companies: { name: string; confidence_level: string }[] };
    expect(result.saved_companies).toEqual([
      expect.objectContaining({ name: 'Finly GmbH', confidence_level: 'medium' }),
    ]);
  }, 90_000);
});

describe('organisation isolation', () => {
  it('answers 404 for every id of another organisation and leaves its data alone', async () => {
    const { started } = await discover(a, { deal_id: a.acmeDeal.id, company_name: 'Acme Ltd' });
    const task = await call<{ task_id: string }>(server.app, 'POST', api('/auto-research/trigger'), {
      token: a.token,
      body: { query: 'fintech', save_to_db: false },
    });
    const gets = [
      `/agents/research/${started.research_id}`,
      `/agents/research/${started.research_id}/investment-thesis`,
      `/agents/research/${started.research_id}/benchmarks`,
      `/agents/research/${a.acmeDeal.id}/investment-thesis`,
      `/agents/research/${a.acmeDeal.id}/benchmarks`,
      `/agents/workflows/${started.execution_id}/status`,
      `/auto-research/status/${task.body.task_id}`,
    ];
    for (const path of gets) {
      const response = await call(server.app, 'GET', api(path), { token: b.token });
      expect(response.status, path).toBe(404);
    }
    const posts: [string, unknown][] = [
      ['/agents/research/discover', { deal_id: a.acmeDeal.id, company_name: 'Acme Ltd' }],
      [
        `/agents/research/discover?deal_id=${a.acmeDeal.id}`,
        { search_criteria: { company_name: 'Acme Ltd' }, save_to_db: true },
      ],
      ['/agents/workflows/new-deal', { deal_id: a.acmeDeal.id }],
      ['/agents/workflows/new-deal', { deal_id: b.acmeDeal.id, initial_documents: [a.boardPackId] }],
    ];
    for (const [path, body] of posts) {
      const response = await call(server.app, 'POST', api(path), { token: b.token, body });
      expect(response.status, path).toBe(404);
    }
    // B's research about "Acme Ltd" reads B's Acme only.
    const own = await discover(b, { company_name: 'Acme Ltd' });
    expect(own.record.findings.company?.id).toBe(b.acme.id);
    expect(own.record.findings.funding_announcements.map((hit) => hit.id)).not.toContain(a.confidentRoundId);
    const other = await registerOrganization(server.app);
    const stranger = await call(server.app, 'GET', api(`/agents/research/${started.research_id}`), {
      token: other.access_token,
    });
    expect(stranger.status).toBe(404);
  }, 90_000);
});
