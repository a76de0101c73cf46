import type { TAuthResponse, TSearchResponse } from '@atempo/contracts';
import { fundingAnnouncements } from '@atempo/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { FINANCIAL_MODEL, insertDocument } from '../deal-intelligence/document-rows.fixtures.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';

let server: TestServer;
let a: TAuthResponse;
let b: TAuthResponse;
const ids = {} as Record<'lumen' | 'lumenDeal' | 'illumina' | 'model' | 'round' | 'other', string>;
let lumenDealNumber: number;

beforeAll(async () => {
  server = await startTestServer();
  a = await registerOrganization(server.app);
  b = await registerOrganization(server.app);
  const token = a.access_token;
  ids.lumen = (
    await createCompany(server.app, token, {
      name: 'Lumen Robotics',
      industry: 'Industrial robotics',
      stage: 'Series B',
    })
  ).id;
  ids.illumina = (await createCompany(server.app, token, { name: 'Illumen Labs', industry: 'Biotech' })).id;
  await createCompany(server.app, token, {
    name: 'Harbour Freight Systems',
    industry: 'Logistics',
    description: 'Cold-chain robotics for ports',
  });
  for (let index = 0; index < 12; index++) {
    await createCompany(server.app, token, { name: `Filler Company ${index}`, industry: 'Retail' });
  }
  const deal = await createDeal(server.app, token, { company_id: ids.lumen, amount_requested: 5_000_000 });
  ids.lumenDeal = deal.id;
  lumenDealNumber = deal.deal_number;
  ids.model = await insertDocument(server.database.db, {
    organizationId: a.organization.id,
    dealId: ids.lumenDeal,
    name: 'Lumen FY2024 model.xlsx',
    format: 'xlsx',
    documentType: 'financial_model',
    createdAt: new Date(),
    analysis: FINANCIAL_MODEL,
  });
  const [round] = await server.database.db
    .insert(fundingAnnouncements)
    .values({
      organizationId: a.organization.id,
      companyName: 'Lumenix',
      title: 'Lumenix raises €12M Series A',
      amountRaised: 12_000_000,
      currency: 'EUR',
      stage: 'Series A',
      announcedAt: new Date('2026-10-01T00:00:00Z'),
      confidenceScore: 0.9,
      sourceName: 'Feed',
      dedupKey: 'lumenix-a',
    })
    .returning();
  ids.round = round!.id;
  ids.other = (await createCompany(server.app, b.access_token, { name: 'Lumen Other Fund Co' })).id;
}, 90_000);
afterAll(async () => {
  await server?.close();
});

const search = (query: string, token = a.access_token) =>
  call<TSearchResponse>(server.app, 'GET', `/api/v1/search?${query}`, { token });

describe('GET /search', () => {
  it('finds every kind by name, best matches first, each with a link', async () => {
    const response = await search('q=lumen');
    expect(response.status).toBe(200);
    const hits = response.body.results;
    expect(hits.map((hit) => [hit.kind, hit.title])).toEqual([
      ['company', 'Lumen Robotics'],
      ['deal', `Lumen Robotics — Deal #${lumenDealNumber}`],
      ['document', 'Lumen FY2024 model.xlsx'],
      ['funding_announcement', 'Lumenix raises €12M Series A'],
      // "lumen" inside a word ranks below every name that starts with it.
      ['company', 'Illumen Labs'],
    ]);
    expect(hits[0]).toMatchObject({
      id: ids.lumen,
      subtitle: 'Industrial robotics · Series B',
      link: `/companies/${ids.lumen}`,
    });
    expect(hits[1]!.link).toBe(`/deals/${ids.lumenDeal}/intelligence`);
    expect(hits[1]!.subtitle).toMatch(/^Lead · €5,000,000 requested/);
    expect(hits[2]).toMatchObject({
      id: ids.model,
      link: `/deals/${ids.lumenDeal}/intelligence?document=${ids.model}`,
    });
    expect(hits[3]).toMatchObject({
      link: `/intelligence?announcement=${ids.round}`,
      subtitle: 'Lumenix · Series A · EUR 12,000,000 · 2026-10-01',
    });
    // Never another organisation's records.
    expect(hits.map((hit) => hit.id)).not.toContain(ids.other);
  });

  it('ranks an exact name above a prefix, and finds typos and descriptions', async () => {
    const exact = await search('q=Illumen%20Labs');
    expect(exact.body.results[0]).toMatchObject({ kind: 'company', id: ids.illumina });
    const typo = await search('q=lumen%20robotcs');
    expect(typo.body.results[0]).toMatchObject({ kind: 'company', id: ids.lumen });
    const described = await search('q=ports');
    expect(described.body.results.map((hit) => hit.title)).toEqual(['Harbour Freight Systems']);
    const byNumber = await search(`q=%23${lumenDealNumber}`);
    expect(byNumber.body.results[0]).toMatchObject({ kind: 'deal', id: ids.lumenDeal });
  });

  it('answers 8 results by default and at most `limit`', async () => {
    expect((await search('q=filler')).body.results).toHaveLength(8);
    expect((await search('q=filler&limit=3')).body.results).toHaveLength(3);
    expect((await search('q=filler&limit=50')).body.results).toHaveLength(12);
  });

  it('takes hostile text as text', async () => {
    for (const query of ['%', '_', '\\', "'; drop table companies; --", '(', '[a-z', '.*']) {
      const response = await search(`q=${encodeURIComponent(query)}`);
      expect(response.status, query).toBe(200);
      expect(response.body.results, query).toEqual([]);
    }
  });

  it('refuses bad input with 4xx', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20',
      `q=${'x'.repeat(201)}`,
      'q=a&limit=0',
      'q=a&limit=51',
      'q=a&limit=many',
    ]) {
      const response = await search(query);
      expect(response.status, query).toBe(422);
    }
    expect((await call(server.app, 'GET', '/api/v1/search?q=lumen')).status).toBe(401);
  });
});
