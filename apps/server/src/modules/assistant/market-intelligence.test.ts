import { TOOL_CONTRACTS, type TToolName, type TToolOutput, ZChatQueryRequest } from '@atempo/contracts';
import { fundingAnnouncements, intelligenceSources, marketSignals } from '@atempo/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figuresIn, findUnsupportedFigures } from '../../platform/ai/figure-check.ts';
import { registerOrganization } from '../../test/fixtures.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import { createBuiltInAnalystEngine } from './built-in/analyst.ts';
import type { RunTool } from './built-in/session.ts';
import { NOT_COLLECTED_NOTE } from './tools/get-market-intelligence.tool.ts';
import { runTool } from './tools/index.ts';
import type { ToolContext } from './tools/tool.ts';

/**
 * get_market_intelligence over seeded funding announcements and market signals, and the built-in
 * analyst's market answers built from it: exact items, filters (sector, place, company, window,
 * limit), organisation isolation, and answers whose every figure the figure check finds in the
 * tool output. Nothing collected means no figure at all.
 */

const DAY_MS = 86_400_000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

interface Round {
  company: string;
  sector: string | null;
  country: string | null;
  region: string | null;
  stage: string | null;
  amount: number | null;
  currency?: string;
  amountEur: number | null;
  days: number;
}

let server: TestServer;
let inA: ToolContext;
let inB: ToolContext;
let inEmpty: ToolContext;
let inFeedOnly: ToolContext;
const ids: Record<string, string> = {};

const tokens = new Map<string, string>();

async function organisation(): Promise<ToolContext> {
  const registered = await registerOrganization(server.app);
  tokens.set(registered.organization.id, registered.access_token);
  return {
    db: server.database.db,
    organizationId: registered.organization.id,
    userId: registered.user.id,
    now,
  };
}

async function insertRound(context: ToolContext, key: string, round: Round) {
  const [row] = await context.db
    .insert(fundingAnnouncements)
    .values({
      organizationId: context.organizationId,
      companyName: round.company,
      title: `${round.company} raises ${round.stage ?? 'new funding'}`,
      amountRaised: round.amount,
      currency: round.amount === null ? null : (round.currency ?? 'EUR'),
      amountEur: round.amountEur,
      stage: round.stage,
      investors: ['Northzone'],
      country: round.country,
      region: round.region,
      sector: round.sector,
      announcedAt: daysAgo(round.days),
      confidenceScore: 0.9,
      sourceName: 'Sifted',
      sourceUrl: `https://news.example/${key}`,
      dedupKey: `${key}:${round.stage}`,
    })
    .returning({ id: fundingAnnouncements.id });
  ids[key] = row!.id;
}

async function insertSignal(
  context: ToolContext,
  key: string,
  signal: {
    company: string;
    announcement: string | null;
    impact: string;
    days: number;
    actions: string[];
    companyId?: string;
  },
) {
  const [row] = await context.db
    .insert(marketSignals)
    .values({
      organizationId: context.organizationId,
      signalType: 'funding_round',
      companyName: signal.company,
      companyId: signal.companyId ?? null,
      announcementId: signal.announcement ? ids[signal.announcement]! : null,
      title: `${signal.company} raised a new round`,
      description: `${signal.company} closed a round; a venture-debt facility may follow.`,
      relevanceScore: 0.8,
      impactLevel: signal.impact,
      recommendedActions: signal.actions,
      dedupKey: `funding:${key}`,
      detectedAt: daysAgo(signal.days),
    })
    .returning({ id: marketSignals.id });
  ids[key] = row!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  inA = await organisation();
  inB = await organisation();
  inEmpty = await organisation();
  inFeedOnly = await organisation();
  await insertRound(inA, 'lumen', {
    company: 'Lumen Pay Ltd',
    sector: 'fintech',
    country: 'United Kingdom',
    region: 'UK',
    stage: 'Series B',
    amount: 20_000_000,
    amountEur: 20_000_000,
    days: 3,
  });
  await insertRound(inA, 'kestrel', {
    company: 'Kestrel Ledger GmbH',
    sector: 'fintech',
    country: 'Germany',
    region: 'Europe',
    stage: 'Series A',
    amount: 8_500_000,
    amountEur: 8_500_000,
    days: 10,
  });
  await insertRound(inA, 'tidewater', {
    company: 'Tidewater Payments',
    sector: 'fintech',
    country: 'United Kingdom',
    region: 'UK',
    stage: 'Seed',
    amount: null,
    amountEur: null,
    days: 20,
  });
  await insertRound(inA, 'solis', {
    company: 'Solis Grid',
    sector: 'climate_tech',
    country: 'United Kingdom',
    region: 'UK',
    stage: 'Series B',
    amount: 12_000_000,
    currency: 'GBP',
    amountEur: 13_800_000,
    days: 5,
  });
  await insertRound(inA, 'old', {
    company: 'Oldbridge Finance',
    sector: 'fintech',
    country: 'United Kingdom',
    region: 'UK',
    stage: 'Series A',
    amount: 5_000_000,
    amountEur: 5_000_000,
    days: 200,
  });
  await insertSignal(inA, 'lumenSignal', {
    company: 'Lumen Pay Ltd',
    announcement: 'lumen',
    impact: 'high',
    days: 2,
    actions: ['Contact the CFO about a venture-debt facility', 'Add Lumen Pay to the pipeline'],
  });
  await insertSignal(inA, 'solisSignal', {
    company: 'Solis Grid',
    announcement: 'solis',
    impact: 'medium',
    days: 4,
    actions: ['Watch for a debt raise'],
  });
  // Organisation B: a round under the same name, and one of its own.
  await insertRound(inB, 'lumenB', {
    company: 'Lumen Pay Ltd',
    sector: 'fintech',
    country: 'United Kingdom',
    region: 'UK',
    stage: 'Series C',
    amount: 60_000_000,
    amountEur: 60_000_000,
    days: 1,
  });
  await insertRound(inB, 'borealis', {
    company: 'Borealis Bank',
    sector: 'fintech',
    country: 'Sweden',
    region: 'Europe',
    stage: 'Series A',
    amount: 9_000_000,
    amountEur: 9_000_000,
    days: 6,
  });
  await inFeedOnly.db.insert(intelligenceSources).values({
    organizationId: inFeedOnly.organizationId,
    name: 'Sifted',
    url: 'https://news.example/feed.xml',
    enabled: true,
  });
}, 180_000);
afterAll(async () => server?.close());

async function run<N extends TToolName>(
  context: ToolContext,
  name: N,
  input: unknown,
): Promise<TToolOutput<N>> {
  const { output } = await runTool(context, name, input);
  return TOOL_CONTRACTS[name].output.parse(output) as TToolOutput<N>;
}

const mi = (context: ToolContext, input: Record<string, unknown>) =>
  run(context, 'get_market_intelligence', input);

describe('get_market_intelligence', () => {
  it('lists a sector’s rounds newest first, with totals over the window and cited sources', async () => {
    const output = await mi(inA, { sector: 'FinTech', days: 90 });
    expect(output.funding_announcements.map((round) => round.id)).toEqual([
      ids.lumen,
      ids.kestrel,
      ids.tidewater,
    ]);
    expect(output.funding_announcements[0]).toEqual({
      id: ids.lumen,
      company_name: 'Lumen Pay Ltd',
      title: 'Lumen Pay Ltd raises Series B',
      amount_raised: 20_000_000,
      currency: 'EUR',
      amount_eur: 20_000_000,
      stage: 'Series B',
      sector: 'fintech',
      country: 'United Kingdom',
      region: 'UK',
      investors: ['Northzone'],
      announced_at: daysAgo(3).toISOString(),
      source: 'Sifted',
      source_url: 'https://news.example/lumen',
    });
    expect(output.funding_summary).toEqual({
      rounds: 3,
      total_raised_eur: 28_500_000,
      amounts_known: 2,
      amounts_unknown: 1,
      by_stage: [
        { stage: 'Series B', rounds: 1, total_raised_eur: 20_000_000, amounts_unknown: 0 },
        { stage: 'Series A', rounds: 1, total_raised_eur: 8_500_000, amounts_unknown: 0 },
        { stage: 'Seed', rounds: 1, total_raised_eur: null, amounts_unknown: 1 },
      ],
    });
    // Signals take their sector from the announcement they were read from.
    expect(output.signals).toEqual([
      {
        id: ids.lumenSignal,
        signal_type: 'funding_round',
        company_name: 'Lumen Pay Ltd',
        title: 'Lumen Pay Ltd raised a new round',
        impact_level: 'high',
        relevance_score: expect.closeTo(0.8, 5),
        detected_at: daysAgo(2).toISOString(),
        description: 'Lumen Pay Ltd closed a round; a venture-debt facility may follow.',
        recommended_actions: [
          'Contact the CFO about a venture-debt facility',
          'Add Lumen Pay to the pipeline',
        ],
        sector: 'fintech',
        announcement_id: ids.lumen,
        source_url: 'https://news.example/lumen',
      },
    ]);
    expect(output.signals_total).toBe(1);
    expect(output.collecting).toBe(true);
    expect(output.note).toBeNull();
    expect(output.citations).toContainEqual(
      expect.objectContaining({
        source: 'Sifted: Lumen Pay Ltd raises Series B',
        target: {
          kind: 'funding_announcement',
          id: ids.lumen,
          location: null,
          url: 'https://news.example/lumen',
        },
      }),
    );
    expect(output.citations).toContainEqual(
      expect.objectContaining({
        target: { kind: 'signal', id: ids.lumenSignal, location: null, url: 'https://news.example/lumen' },
      }),
    );
  });

  it('filters by sector spelled as the ingest stores it ("Climate Tech" is climate_tech)', async () => {
    const output = await mi(inA, { sector: 'Climate Tech', days: 90 });
    expect(output.funding_announcements.map((round) => round.id)).toEqual([ids.solis]);
    expect(output.signals.map((signal) => signal.id)).toEqual([ids.solisSignal]);
    expect((await mi(inA, { sector: 'SaaS', days: 90 })).funding_announcements).toEqual([]);
    expect(output.funding_announcements[0]).toMatchObject({
      amount_raised: 12_000_000,
      currency: 'GBP',
      amount_eur: 13_800_000,
    });
  });

  it('filters by place: "UK" is the region and United Kingdom the country', async () => {
    const output = await mi(inA, { place: 'UK', days: 90 });
    expect(output.funding_announcements.map((round) => round.id)).toEqual([
      ids.lumen,
      ids.solis,
      ids.tidewater,
    ]);
    expect(output.signals.map((signal) => signal.id)).toEqual([ids.lumenSignal, ids.solisSignal]);
    const germany = await mi(inA, { place: 'germany', days: 90 });
    expect(germany.funding_announcements.map((round) => round.id)).toEqual([ids.kestrel]);
    expect(germany.signals).toEqual([]);
  });

  it('matches a company name as people write it (case, legal form, close spelling)', async () => {
    for (const name of ['lumen pay', 'LUMEN PAY LTD', 'Lumen Pey']) {
      const output = await mi(inA, { company_name: name, days: 90 });
      expect(
        output.funding_announcements.map((round) => round.id),
        name,
      ).toEqual([ids.lumen]);
      expect(
        output.signals.map((signal) => signal.id),
        name,
      ).toEqual([ids.lumenSignal]);
    }
    const none = await mi(inA, { company_name: 'Zebra Robotics', days: 90 });
    expect(none.funding_announcements).toEqual([]);
    expect(none.note).toBe('No market signals or funding announcements in the last 90 days.');
  });

  it('keeps to the window and the limit, with totals over the whole window', async () => {
    const recent = await mi(inA, { days: 7 });
    expect(recent.funding_announcements.map((round) => round.id)).toEqual([ids.lumen, ids.solis]);
    const year = await mi(inA, { sector: 'fintech', days: 365 });
    expect(year.funding_announcements.map((round) => round.id)).toContain(ids.old);
    const limited = await mi(inA, { days: 90, limit: 1 });
    expect(limited.funding_announcements.map((round) => round.id)).toEqual([ids.lumen]);
    expect(limited.signals.map((signal) => signal.id)).toEqual([ids.lumenSignal]);
    expect(limited.funding_summary.rounds).toBe(4);
    expect(limited.signals_total).toBe(2);
  });

  it("takes a signal's sector from a deal on its company when it has no announcement", async () => {
    const token = tokens.get(inB.organizationId)!;
    const company = await createCompany(server.app, token, { name: 'Quill Ledger Ltd' });
    await createDeal(server.app, token, {
      company_id: company.id,
      amount_requested: 2_000_000,
      sector: 'FinTech',
    });
    await insertSignal(inB, 'quillSignal', {
      company: 'Quill Ledger Ltd',
      companyId: company.id,
      announcement: null,
      impact: 'low',
      days: 1,
      actions: [],
    });
    const fintech = await mi(inB, { sector: 'fintech', days: 90 });
    expect(fintech.signals.map((signal) => [signal.id, signal.sector, signal.source_url])).toEqual([
      [ids.quillSignal, 'FinTech', null],
    ]);
    expect((await mi(inB, { sector: 'climate_tech', days: 90 })).signals).toEqual([]);
    // Without an announcement the place is not known: asked for one, the signal is left out.
    expect((await mi(inB, { place: 'UK', days: 90 })).signals).toEqual([]);
    expect((await mi(inA, { days: 90 })).signals.map((signal) => signal.id)).not.toContain(ids.quillSignal);
  });

  it('reads the analyst\'s sector labels as the ingest keys ("SaaS" is b2b_saas, "AI/ML" is ai)', async () => {
    await insertRound(inB, 'ferro', {
      company: 'Ferro Cloud',
      sector: 'b2b_saas',
      country: 'France',
      region: 'Europe',
      stage: 'Series A',
      amount: 7_000_000,
      amountEur: 7_000_000,
      days: 2,
    });
    const saas = await mi(inB, { sector: 'SaaS', days: 90 });
    expect(saas.funding_announcements.map((round) => round.id)).toEqual([ids.ferro]);
    expect((await mi(inB, { sector: 'AI/ML', days: 90 })).funding_announcements).toEqual([]);
  });

  it("never shows another organisation's rounds or signals", async () => {
    const inOrgB = await mi(inB, { company_name: 'Lumen Pay', days: 90 });
    expect(inOrgB.funding_announcements.map((round) => round.id)).toEqual([ids.lumenB]);
    expect(inOrgB.signals).toEqual([]);
    const inOrgA = await mi(inA, { sector: 'fintech', days: 90 });
    expect(inOrgA.funding_announcements.map((round) => round.id)).not.toContain(ids.lumenB);
    expect(inOrgA.funding_announcements.map((round) => round.id)).not.toContain(ids.borealis);
  });

  it('says whether anything is collecting: nothing at all, or an enabled feed with an empty window', async () => {
    const empty = await mi(inEmpty, { days: 90 });
    expect(empty).toMatchObject({
      collecting: false,
      note: NOT_COLLECTED_NOTE,
      funding_announcements: [],
      signals: [],
    });
    const feedOnly = await mi(inFeedOnly, { days: 30 });
    expect(feedOnly).toMatchObject({
      collecting: true,
      note: 'No market signals or funding announcements in the last 30 days.',
    });
  });
});

async function ask(context: ToolContext, query: string) {
  const outputs: unknown[] = [];
  const observing: RunTool = async (ctx, name, input) => {
    const result = await runTool(ctx, name, input);
    outputs.push(result.output);
    return result as never;
  };
  const engine = createBuiltInAnalystEngine({ runTool: observing });
  const question = ZChatQueryRequest.parse({ query });
  const draft = await engine.answer(context, question, {
    signal: new AbortController().signal,
    onEvent: () => {},
  });
  // Every figure stated is found in what the tools returned (or in the question).
  expect(findUnsupportedFigures(draft.answer, outputs, [query]), draft.answer).toEqual([]);
  expect(draft.unsupported_figures, draft.answer).toBeUndefined();
  return draft;
}

describe('the built-in analyst on market questions', () => {
  it('tells the fintech funding trend with totals, unknown amounts, stages, largest rounds and signals', async () => {
    const draft = await ask(inA, 'What are the latest fintech funding trends?');
    expect(draft.response_type).toBe('answer');
    for (const text of [
      '**3 funding rounds** for FinTech announced since',
      '€28.5M raised in total (in EUR, over 2 rounds with a known amount); 1 amount is not known and not counted.',
      'By stage: Series B: 1 round, €20M; Series A: 1 round, €8.5M; Seed: 1 round, amount not known.',
      '- **Lumen Pay Ltd** raised €20M (Series B, United Kingdom), ',
      '- **Kestrel Ledger GmbH** raised €8.5M (Series A, Germany), ',
      '- **Tidewater Payments** raised an undisclosed amount (Seed, United Kingdom), ',
      'Signals (1 signal, newest first):',
      '- Lumen Pay Ltd raised a new round, high impact, ',
      'Recommended: Contact the CFO about a venture-debt facility; Add Lumen Pay to the pipeline',
    ])
      expect(draft.answer).toContain(text);
    expect(draft.tools_selected).toEqual(['get_market_intelligence']);
    expect(draft.answer).not.toMatch(/Solis Grid|Oldbridge|Borealis|€60M/);
    expect(draft.citations.map((c) => c.target.id)).toEqual(
      expect.arrayContaining([ids.lumen, ids.kestrel, ids.tidewater, ids.lumenSignal]),
    );
  });

  it('answers who raised recently in the UK', async () => {
    const draft = await ask(inA, 'Who raised recently in the UK?');
    expect(draft.response_type).toBe('answer');
    for (const text of [
      '**3 funding rounds** in UK announced since',
      '€33.8M raised in total (in EUR, over 2 rounds with a known amount); 1 amount is not known and not counted.',
      'By stage: Series B: 2 rounds, €33.8M; Seed: 1 round, amount not known.',
      '- **Solis Grid** raised 12M GBP (€13.8M) (Series B, United Kingdom), ',
      'Recommended: Watch for a debt raise',
    ])
      expect(draft.answer).toContain(text);
    expect(draft.answer).not.toContain('Kestrel');
    expect(draft.citations.map((c) => c.target.id)).toEqual(
      expect.arrayContaining([ids.lumen, ids.solis, ids.tidewater, ids.lumenSignal, ids.solisSignal]),
    );
  });

  it('answers funding news on one company, tracked or not', async () => {
    const draft = await ask(inA, 'Any funding news on Lumen Pay?');
    expect(draft.response_type).toBe('answer');
    expect(draft.answer).toContain('**1 funding round** on Lumen Pay announced since');
    expect(draft.answer).toContain('- **Lumen Pay Ltd** raised €20M (Series B, United Kingdom), ');
    expect(draft.answer).not.toMatch(/Kestrel|Solis|Tidewater|€60M/);
    expect(draft.citations.map((c) => c.target)).toEqual([
      { kind: 'funding_announcement', id: ids.lumen, location: null, url: 'https://news.example/lumen' },
      { kind: 'signal', id: ids.lumenSignal, location: null, url: 'https://news.example/lumen' },
    ]);
  });

  it('says nothing is collected and how to collect, stating no figure', async () => {
    const draft = await ask(inEmpty, 'What are the latest fintech funding trends?');
    expect(draft.response_type).toBe('no_data');
    expect(draft.answer).toContain('No market signals or funding announcements for FinTech are recorded yet');
    expect(draft.answer).toContain('Organisation → Feed Sources');
    expect(draft.answer).toContain('import a CSV of funding rounds');
    expect(figuresIn(draft.answer)).toEqual([]);
    expect(draft.citations).toEqual([]);
  });

  it('says feeds are collecting but nothing matched, stating only the window', async () => {
    const draft = await ask(inFeedOnly, 'Who raised recently in the UK?');
    expect(draft.response_type).toBe('no_data');
    expect(draft.answer).toContain('No market signals or funding announcements in UK since ');
    expect(draft.answer).toContain('Feeds are collecting');
    expect(figuresIn(draft.answer)).toEqual([]);
  });
});
