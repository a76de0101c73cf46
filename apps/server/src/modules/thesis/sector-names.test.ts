import { DEFAULT_THESIS, type TAuthResponse, type TThesisResponse } from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal } from '../deals/pipeline.fixtures.ts';

let server: TestServer;
let admin: TAuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerOrganization(server.app);
});
afterAll(async () => {
  await server?.close();
});

const URL = '/api/v1/configuration/thesis';

describe('sector and market names', () => {
  it('keep the casing typed in the thesis, and match sectors whatever their case', async () => {
    const thesis = {
      ...DEFAULT_THESIS,
      primary_markets: { 'United Kingdom': 1, DACH: 0.8 },
      target_sectors: {
        b2b_saas: { name: 'B2B SaaS', weight: 1, min_gross_margin: 0.6, focus_areas: ['DevOps Tooling'] },
        ai_infra: { name: 'AI Infra', weight: 0.7, min_gross_margin: 0.5, focus_areas: [] },
      },
    };
    const saved = await call<TThesisResponse>(server.app, 'PUT', URL, {
      token: admin.access_token,
      body: thesis,
    });
    expect(saved.status).toBe(200);
    const read = await call<TThesisResponse>(server.app, 'GET', URL, { token: admin.access_token });
    expect(read.body.data.target_sectors.b2b_saas?.name).toBe('B2B SaaS');
    expect(read.body.data.target_sectors.ai_infra?.name).toBe('AI Infra');
    expect(Object.keys(read.body.data.primary_markets).sort()).toEqual(['DACH', 'United Kingdom']);

    // Companies and deals keep what was typed, and are matched case-insensitively.
    const company = await createCompany(server.app, admin.access_token, {
      name: 'Casing Co',
      industry: 'ai INFRA',
      headquarters_country: 'United Kingdom',
    });
    expect(company.industry).toBe('ai INFRA');
    expect(company.sector_alignment_score).toBe(7);
    const deal = await createDeal(server.app, admin.access_token, {
      company_id: company.id,
      amount_requested: 5e6,
      sector: 'B2B SaaS',
    });
    expect(deal.sector).toBe('B2B SaaS');
    expect(deal.scoring_breakdown?.sector_scores.sector_alignment).toBe(10);
  });

  it('refuses a sector name that is not its key (422 naming it), saving nothing', async () => {
    const before = (await call<TThesisResponse>(server.app, 'GET', URL, { token: admin.access_token })).body;
    const response = await call(server.app, 'PUT', URL, {
      token: admin.access_token,
      body: { ...DEFAULT_THESIS, target_sectors: { fintech: { name: 'Payments', weight: 0.5 } } },
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(String(response.body.detail)).toContain('target_sectors.fintech.name');
    expect((await call(server.app, 'GET', URL, { token: admin.access_token })).body).toEqual(before);
  });
});
