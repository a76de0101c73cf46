import { RESEARCH_DEPTH_LIMITS, type TResearchHit, type TResearchRecord } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';
import {
  insertAnnouncement,
  insertSignal,
  type ResearchOrganisation,
  seedResearchOrganisation,
  settledStatus,
} from './research.fixtures.ts';

/**
 * research_depth does real work: over the same records, a quick run keeps 5 per source and 5
 * comparable deals, standard 10 and comprehensive 25 (RESEARCH_DEPTH_LIMITS), both in a company's
 * discovery and in thesis-driven company discovery.
 */

let server: TestServer;
let org: ResearchOrganisation;

beforeAll(async () => {
  server = await startTestServer();
  org = await seedResearchOrganisation(server.app, server.database.db);
  const db = server.database.db;
  const depth = await createCompany(server.app, org.token, { name: 'Depth Ltd', industry: 'Fintech' });
  // Twelve announcements and signals about Depth Ltd, seven fintech deals of other companies.
  for (let index = 1; index <= 12; index++) {
    const announcementId = await insertAnnouncement(db, org.organizationId, {
      company_name: 'Depth Ltd',
      company_id: depth.id,
      title: `Depth Ltd news ${index}`,
      amount_eur: 1_000_000 * index,
      stage: 'Series A',
      region: 'UK',
      country: 'United Kingdom',
      sector: 'Fintech',
      confidence: 0.7,
      url: `https://news.example/depth-${index}`,
      days_ago: index,
    });
    await insertSignal(db, org.organizationId, {
      company_name: 'Depth Ltd',
      company_id: depth.id,
      title: `Depth Ltd signal ${index}`,
      announcement_id: announcementId,
    });
  }
  for (let index = 1; index <= 7; index++) {
    const peer = await createCompany(server.app, org.token, {
      name: `Fin Peer ${index}`,
      industry: 'Fintech',
    });
    await createDeal(server.app, org.token, {
      company_id: peer.id,
      amount_requested: 1_000_000,
      sector: 'Fintech',
    });
  }
  // Seven rounds of untracked companies that fit the default thesis (fintech, Germany, Series A).
  for (let index = 1; index <= 7; index++) {
    await insertAnnouncement(db, org.organizationId, {
      company_name: `Thesis Fit ${index} GmbH`,
      title: `Thesis Fit ${index} GmbH raises Series A`,
      amount_eur: 5_000_000,
      stage: 'Series A',
      region: 'Europe',
      country: 'Germany',
      sector: 'Fintech',
      confidence: 0.8,
      url: `https://news.example/fit-${index}`,
      days_ago: index,
    });
  }
}, 180_000);
afterAll(async () => server?.close());

async function discoverDepth(researchDepth: string) {
  const started = await call<{ execution_id: string; research_id: string }>(
    server.app,
    'POST',
    '/api/v1/agents/research/discover',
    {
      token: org.token,
      body: { company_name: 'Depth Ltd', industry_sector: 'Fintech', research_depth: researchDepth },
    },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const status = await settledStatus(server.app, org.token, started.body.execution_id);
  expect(status.status, JSON.stringify(status)).toBe('completed');
  const record = await call<TResearchRecord>(
    server.app,
    'GET',
    `/api/v1/agents/research/${started.body.research_id}`,
    { token: org.token },
  );
  expect(record.body.research_depth).toBe(researchDepth);
  const { findings } = record.body;
  return {
    announcements: findings.funding_announcements.length,
    signals: findings.market_signals.length,
    comparables: findings.comparable_deals.length,
  };
}

async function companyDiscoveryDepth(researchDepth: string): Promise<TResearchHit[]> {
  const started = await call<{ execution_id: string }>(
    server.app,
    'POST',
    '/api/v1/agents/research/company-discovery',
    { token: org.token, body: { research_depth: researchDepth, save_to_db: false } },
  );
  expect(started.status).toBe(202);
  const status = await settledStatus(server.app, org.token, started.body.execution_id);
  expect(status.status, JSON.stringify(status)).toBe('completed');
  return (status.result as { hits: TResearchHit[] }).hits;
}

describe('research_depth', () => {
  it('sets how many records and comparable deals a company discovery gathers', async () => {
    expect(RESEARCH_DEPTH_LIMITS).toEqual({ quick: 5, standard: 10, comprehensive: 25 });
    const quick = await discoverDepth('quick');
    const standard = await discoverDepth('standard');
    const comprehensive = await discoverDepth('comprehensive');
    expect(quick).toEqual({ announcements: 5, signals: 5, comparables: 5 });
    expect(standard).toEqual({ announcements: 10, signals: 10, comparables: 7 });
    expect(comprehensive).toEqual({ announcements: 12, signals: 12, comparables: 7 });
  }, 120_000);

  it('sets how many fitting rounds a thesis-driven company discovery keeps', async () => {
    const fits = (hits: TResearchHit[]) =>
      hits.filter((hit) => hit.kind === 'funding_announcement' && hit.company_name?.startsWith('Thesis Fit'));
    const quick = await companyDiscoveryDepth('quick');
    const comprehensive = await companyDiscoveryDepth('comprehensive');
    const announcements = (hits: TResearchHit[]) => hits.filter((hit) => hit.kind === 'funding_announcement');
    expect(announcements(quick)).toHaveLength(5);
    // Every fitting round: Depth Ltd's 12 and the 7 thesis fits (fintech, Series A) and Acme's two
    // (B2B SaaS, UK), 21 of at most 25.
    expect(announcements(comprehensive)).toHaveLength(21);
    expect(fits(comprehensive)).toHaveLength(7);
    expect(quick.length).toBeLessThan(comprehensive.length);
  }, 120_000);

  it('is described in the OpenAPI document', async () => {
    const response = await call<{ paths: Record<string, { post?: { description?: string } }> }>(
      server.app,
      'GET',
      '/api/v1/openapi.json',
    );
    expect(response.status).toBe(200);
    for (const path of ['/api/v1/agents/research/discover', '/api/v1/agents/research/company-discovery']) {
      expect(response.body.paths[path]?.post?.description, path).toContain(
        'quick 5, standard 10, comprehensive 25 (the default)',
      );
    }
  });
});
