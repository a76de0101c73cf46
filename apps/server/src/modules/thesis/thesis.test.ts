import {
  DEFAULT_THESIS,
  type TAuthResponse,
  type TCompanyDetail,
  type TDeal,
  type TInvestmentThesis,
  type TThesisResponse,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { createCompany, createDeal, waitFor } from '../deals/pipeline.fixtures.ts';

let server: TestServer;
let admin: TAuthResponse;
let member: TAuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerOrganization(server.app);
  member = await addMember(server.app, admin);
});
afterAll(async () => {
  await server?.close();
});

const URL = '/api/v1/configuration/thesis';
const read = (as: TAuthResponse) => call<TThesisResponse>(server.app, 'GET', URL, { token: as.access_token });
const save = (as: TAuthResponse, body: unknown) =>
  call<TThesisResponse>(server.app, 'PUT', URL, { token: as.access_token, body });

describe('GET /configuration/thesis', () => {
  it('answers the default thesis to any member of a new organisation', async () => {
    const response = await read(member);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: DEFAULT_THESIS });
    expect((await call(server.app, 'GET', URL)).status).toBe(401);
  });
});

describe('PUT /configuration/thesis', () => {
  const changed: TInvestmentThesis = {
    ...DEFAULT_THESIS,
    deal_size_range: [1_000_000, 15_000_000],
    primary_markets: { 'United Kingdom': 1, Spain: 0.55 },
    target_stages: ['Series B', 'Series C'],
  };

  it('lets an admin replace it, fills defaults, and leaves other organisations alone', async () => {
    const { cac_payback_months: _, ...requirements } = changed.financial_requirements;
    const body = {
      ...changed,
      financial_requirements: { ...requirements, cac_payback_months: {} },
      target_sectors: { b2b_saas: { weight: 0.9 } },
    };
    const response = await save(admin, body);
    expect(response.status).toBe(200);
    const expected = {
      ...changed,
      target_sectors: { b2b_saas: { weight: 0.9, min_gross_margin: 0.4, focus_areas: [] } },
    };
    expect(response.body).toEqual({ success: true, data: expected });
    expect((await read(member)).body.data).toEqual(expected);

    const other = await registerOrganization(server.app);
    expect((await read(other)).body.data).toEqual(DEFAULT_THESIS);
  });

  it('is for admins only (403 for members)', async () => {
    const before = (await read(admin)).body.data;
    const response = await save(member, DEFAULT_THESIS);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('FORBIDDEN');
    expect((await read(admin)).body.data).toEqual(before);
  });

  it('refuses an invalid thesis with 422 naming the field, and saves nothing', async () => {
    const before = (await read(admin)).body.data;
    const cases: [unknown, string][] = [
      [{ ...DEFAULT_THESIS, deal_size_range: [30_000_000, 5_000_000] }, 'deal_size_range'],
      [{ ...DEFAULT_THESIS, primary_markets: { Germany: 1.2 } }, 'primary_markets.Germany'],
      [{ ...DEFAULT_THESIS, deal_types: ['venture_debt', 'crypto_loans'] }, 'deal_types.1'],
      [{ ...DEFAULT_THESIS, target_stages: ['Series Z'] }, 'target_stages.0'],
      [
        { ...DEFAULT_THESIS, risk_parameters: { ...DEFAULT_THESIS.risk_parameters, approach: 'reckless' } },
        'risk_parameters.approach',
      ],
      [{ ...DEFAULT_THESIS, target_sectors: { fintech: { weight: -0.1 } } }, 'target_sectors.fintech.weight'],
      [{ ...DEFAULT_THESIS, financial_requirements: undefined }, 'financial_requirements'],
    ];
    for (const [body, field] of cases) {
      const response = await save(admin, body);
      expect(response.status, field).toBe(422);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.errors?.[0]?.path).toBe(field);
      const detail = response.body.detail!;
      expect(detail.includes(field) || detail.toLowerCase().includes(field.replace(/_/g, ' ')), detail).toBe(
        true,
      );
    }
    expect((await read(admin)).body.data).toEqual(before);
  });

  it('re-scores every deal and company of the organisation in the background', async () => {
    const org = await registerOrganization(server.app);
    const t = org.access_token;
    const company = await createCompany(server.app, t, {
      name: 'Fintech Co',
      industry: 'Fintech',
      headquarters_country: 'Germany',
      stage: 'Series B',
    });
    const deal = await createDeal(server.app, t, { company_id: company.id, amount_requested: 6_000_000 });
    expect(deal.scoring_breakdown!.sector_scores.sector_alignment).toBe(9);

    const thesis = {
      ...DEFAULT_THESIS,
      target_sectors: {
        ...DEFAULT_THESIS.target_sectors,
        fintech: { weight: 0.2, min_gross_margin: 0.5, focus_areas: [] },
      },
    };
    expect((await save(org, thesis)).status).toBe(200);

    const rescored = await waitFor(async () => {
      const current = await call<TDeal>(server.app, 'GET', `/api/v1/deals/${deal.id}`, { token: t });
      return current.body.scoring_breakdown!.sector_scores.sector_alignment === 2 ? current.body : undefined;
    });
    expect(rescored.thematic_score!).toBeLessThan(deal.thematic_score!);
    expect(rescored.updated_at).toBe(deal.updated_at);
    const rescoredCompany = await waitFor(async () => {
      const current = await call<TCompanyDetail>(server.app, 'GET', `/api/v1/companies/${company.id}`, {
        token: t,
      });
      return current.body.sector_alignment_score === 2 ? current.body : undefined;
    });
    expect(rescoredCompany.thematic_score!).toBeLessThan(company.thematic_score!);
    expect(Date.parse(rescoredCompany.last_scored_at!)).toBeGreaterThan(Date.parse(company.last_scored_at!));
  });
});
