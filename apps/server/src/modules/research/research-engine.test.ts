import type { TDeepResearchResult, TResearchFact, TResearchHit } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.ts';
import type { WorkflowRun } from '../../platform/workflows/index.ts';
import { type FakeModelServer, startFakeModelServer } from '../../test/fakes/fake-model-server.ts';
import { startTestServer, type TestServer, testConfig } from '../../test/server.ts';
import {
  insertAnnouncement,
  type ResearchOrganisation,
  seedResearchOrganisation,
} from './research.fixtures.ts';
import { DEEP_RESEARCH, type DeepResearchInput } from './research.workflows.ts';
import { searchSource } from './research-engine.ts';
import { parseResearchQuery } from './research-query.ts';
import { builtInSummary, summarise } from './research-summary.ts';

/**
 * The deep-research steps driven one by one (as the runner does) to see what each publishes to
 * pollers, and the summary written by a model (a local OpenAI-protocol server) under the figure check.
 */

let server: TestServer;
let org: ResearchOrganisation;
let fake: FakeModelServer;
const logger = createLogger({ logLevel: 'silent' });

beforeAll(async () => {
  server = await startTestServer();
  org = await seedResearchOrganisation(server.app, server.database.db);
  await insertAnnouncement(server.database.db, org.organizationId, {
    company_name: 'Paylane Ltd',
    title: 'Paylane Ltd raises €12M Series B for its fintech platform',
    amount_eur: 12_000_000,
    stage: 'Series B',
    region: 'UK',
    country: 'United Kingdom',
    sector: 'Fintech',
    confidence: 0.8,
    url: 'https://news.example/paylane',
    days_ago: 1,
  });
  fake = await startFakeModelServer('openai');
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await server?.close();
});

describe('deep research streams its findings', () => {
  it('publishes after each source, each time with everything found so far', async () => {
    const published: TDeepResearchResult[] = [];
    const outputs: Record<string, unknown> = {};
    const run: WorkflowRun<DeepResearchInput> = {
      executionId: '00000000-0000-4000-8000-000000000001',
      organizationId: org.organizationId,
      userId: null,
      subjectId: null,
      input: {
        query: 'Series B in the UK',
        save_to_db: false,
        max_companies: 20,
        now: new Date().toISOString(),
      },
      deps: {
        db: server.database.db,
        config: server.config,
        logger,
        mailer: null,
        storage: null,
        documentIndexer: null,
      } as never,
      logger,
      outputs,
      log: async () => {},
      progress: async () => {},
      publish: async (result) => {
        published.push(structuredClone(result) as TDeepResearchResult);
      },
    };
    for (const step of DEEP_RESEARCH.steps) {
      if (step.name === 'save_companies') continue;
      outputs[step.name] = await step.run(run);
    }
    expect(published.map((result) => result.searched)).toEqual([
      ['companies'],
      ['companies', 'funding_announcements'],
      ['companies', 'funding_announcements', 'documents'],
      ['companies', 'funding_announcements', 'documents', 'market_signals'],
      ['companies', 'funding_announcements', 'documents', 'market_signals'],
    ]);
    const counts = published.map((result) => result.hits.length);
    expect(counts[1]).toBeGreaterThan(counts[0]!);
    // Each publication holds the previous one's hits.
    for (let index = 1; index < published.length; index++) {
      const ids = published[index]!.hits.map((hit) => hit.id);
      for (const hit of published[index - 1]!.hits) expect(ids).toContain(hit.id);
    }
    expect(published.at(-1)?.summary?.engine).toBe('built-in');
    const final = DEEP_RESEARCH.result!(outputs) as TDeepResearchResult;
    expect(final.hits.map((hit) => hit.company_name)).toEqual(
      expect.arrayContaining(['Paylane Ltd', 'Acme Ltd']),
    );
    expect(final.hits.every((hit) => hit.region === 'UK' || hit.country?.includes('United Kingdom'))).toBe(
      true,
    );
  }, 60_000);
});

describe('filters as written by different sources', () => {
  it('reads stages and places however a source spells them (series_b, B2; no region but London, UK)', async () => {
    const db = server.database.db;
    const seed = (name: string, stage: string, region: string | null, country: string | null) =>
      insertAnnouncement(db, org.organizationId, {
        company_name: name,
        title: `${name} closes its round`,
        amount_eur: null,
        stage,
        region,
        country,
        sector: 'Insurtech',
        confidence: 0.7,
        url: `https://news.example/${name}`,
        days_ago: 5,
      });
    await seed('Snake Case Ltd', 'series_b', null, 'London, UK');
    await seed('Extension Ltd', 'Series B2', 'Unknown', 'United Kingdom');
    await seed('Later Round Ltd', 'Series C', 'UK', 'United Kingdom');
    await seed('Berlin Insure GmbH', 'Series B', 'Europe', 'Germany');
    const hits = await searchSource(
      db,
      org.organizationId,
      'funding_announcements',
      parseResearchQuery('Series B insurtech in the UK'),
      new Date(),
    );
    expect(hits.map((hit) => hit.company_name).sort()).toEqual(['Extension Ltd', 'Snake Case Ltd']);
    const europe = await searchSource(
      db,
      org.organizationId,
      'funding_announcements',
      parseResearchQuery('insurtech Series B Europe'),
      new Date(),
    );
    expect(europe.map((hit) => hit.company_name).sort()).toEqual([
      'Berlin Insure GmbH',
      'Extension Ltd',
      'Snake Case Ltd',
    ]);
  });
});

describe('the summary', () => {
  const fact: TResearchFact = {
    field: 'arr',
    value: 8_400_000,
    unit: 'currency',
    currency: 'EUR',
    period: null,
    source: {
      kind: 'company',
      id: null,
      name: 'Acme Ltd',
      location: null,
      url: null,
      date: null,
      excerpt: null,
    },
  };
  const facts = { subject: 'Acme Ltd', facts: [fact], hits: [] as TResearchHit[], missing: ['Runway'] };
  const llmDeps = () => ({
    config: testConfig(server.database, {
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_TIMEOUT_MS: '5000',
    }),
    logger,
  });

  it('without a model is the built-in one, every figure with its source', async () => {
    const summary = await summarise({ config: server.config, logger }, facts);
    expect(summary).toEqual(builtInSummary(facts));
    expect(summary.text).toBe('Figures: arr €8,400,000 [Acme Ltd]. Not in the data: Runway.');
  });

  it("uses the model's text when every figure in it is in the facts", async () => {
    fake.script({ text: 'Acme Ltd reports ARR of €8.4M [Acme Ltd]; its runway is not in the data.' });
    const summary = await summarise(llmDeps(), facts);
    expect(summary).toEqual({
      text: 'Acme Ltd reports ARR of €8.4M [Acme Ltd]; its runway is not in the data.',
      engine: 'llm',
      model: 'openai-compatible · fake-model',
      note: null,
    });
    const prompt = JSON.stringify(fake.requests.at(-1)?.body);
    expect(prompt).toContain('€8,400,000');
  });

  it('rejects a model summary stating a figure the facts do not hold, and says so', async () => {
    fake.script({ text: 'Acme Ltd has ARR of €8.4M and 24 months of runway.' });
    const summary = await summarise(llmDeps(), facts);
    expect(summary.engine).toBe('built-in');
    expect(summary.text).toBe(builtInSummary(facts).text);
    expect(summary.note).toContain('(24)');
  });

  it('falls back to the built-in summary when the model fails', async () => {
    fake.script({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const summary = await summarise(llmDeps(), facts);
    expect(summary.engine).toBe('built-in');
    expect(summary.note).toContain('could not be reached');
  }, 60_000);
});
