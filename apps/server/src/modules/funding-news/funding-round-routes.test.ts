import type {
  TAddCompanyFromSignalResponse,
  TAuthResponse,
  TCompany,
  TFundingAnnouncement,
  TSignalListResponse,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { insertRound, scanNow } from '../signals/signals.fixtures.ts';

/** One round by id (where search results lead) and "Add to companies" from a Live Funding Signals card. */

let server: TestServer;
let admin: TAuthResponse;
let member: TAuthResponse;
let other: TAuthResponse;

const get = <T>(url: string, token: string) => call<T>(server.app, 'GET', `/api/v1${url}`, { token });
const post = <T>(url: string, token: string) => call<T>(server.app, 'POST', `/api/v1${url}`, { token });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerOrganization(server.app);
  member = await addMember(server.app, admin);
  other = await registerOrganization(server.app);
});
afterAll(async () => {
  await server?.close();
});

const seedRound = (organizationId: string, companyName: string) =>
  insertRound(server.database.db, organizationId, {
    companyName,
    sector: 'Fintech',
    country: 'France',
    stage: 'Series A',
    amountEur: 8_000_000,
    daysAgo: 3,
    confidence: 0.85,
    investors: ['Partech'],
  });

describe('GET /intelligence/funding-announcements/{id}', () => {
  it("answers the organisation's round as its card shows it", async () => {
    const id = await seedRound(admin.organization.id, 'Paylane');
    const response = await get<TFundingAnnouncement>(
      `/intelligence/funding-announcements/${id}`,
      member.access_token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id,
      company_name: 'Paylane',
      company_id: null,
      amount_raised: 8_000_000,
      currency: 'EUR',
      amount_eur: 8_000_000,
      stage: 'Series A',
      confidence_score: 0.85,
      country: 'France',
      sector: 'Fintech',
      source_name: 'Test Wire',
      extraction_metadata: { investors: ['Partech'], lead_investor: null },
    });
  });

  it("answers 404 for another organisation's round and an unknown id, 422 for a malformed one", async () => {
    const theirs = await seedRound(other.organization.id, 'Hidden Co');
    for (const id of [theirs, UNKNOWN_ID]) {
      const response = await get(`/intelligence/funding-announcements/${id}`, admin.access_token);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        detail: 'Funding round not found',
        code: 'FUNDING_ANNOUNCEMENT_NOT_FOUND',
      });
    }
    const malformed = await get('/intelligence/funding-announcements/not-a-uuid', admin.access_token);
    expect(malformed.status).toBe(422);
    expect(malformed.body.code).toBe('VALIDATION_ERROR');
    const anonymous = await call(server.app, 'GET', `/api/v1/intelligence/funding-announcements/${theirs}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /intelligence/funding-announcements/{id}/add-company', () => {
  it('lets a member add the company of a round the scan has not reached yet, and links its signal', async () => {
    const id = await seedRound(admin.organization.id, 'Quillo');
    const before = await get<TSignalListResponse>('/signals/?type=funding_round', admin.access_token);
    expect(before.body.signals.some((s) => s.announcement_id === id)).toBe(false);

    const added = await post<TAddCompanyFromSignalResponse>(
      `/intelligence/funding-announcements/${id}/add-company`,
      member.access_token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      company_name: 'Quillo',
      confidence_score: 0.85,
      confidence_level: 'high',
      signal: { signal_type: 'funding_round', announcement_id: id, company_name: 'Quillo' },
    });
    expect(added.body.signal.company_id).toBe(added.body.company_id);

    const company = await get<TCompany>(`/companies/${added.body.company_id}`, admin.access_token);
    expect(company.status).toBe(200);
    expect(company.body).toMatchObject({ name: 'Quillo', source: 'discovery', stage: 'Series A' });
    const after = await get<TSignalListResponse>('/signals/?type=funding_round', admin.access_token);
    expect(after.body.signals.find((s) => s.announcement_id === id)?.company_id).toBe(added.body.company_id);
  });

  it('uses the signal the scan already derived rather than a second one', async () => {
    const id = await seedRound(admin.organization.id, 'Brixel');
    await scanNow(server.app, admin.access_token);
    const scannedList = await get<TSignalListResponse>('/signals/?type=funding_round', admin.access_token);
    const derived = scannedList.body.signals.find((s) => s.announcement_id === id)?.signal_id;
    expect(derived).toBeDefined();
    const added = await post<TAddCompanyFromSignalResponse>(
      `/intelligence/funding-announcements/${id}/add-company`,
      admin.access_token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.signal.signal_id).toBe(derived);
    const signals = await get<TSignalListResponse>('/signals/?type=funding_round', admin.access_token);
    expect(signals.body.signals.filter((s) => s.announcement_id === id)).toHaveLength(1);
  }, 60_000);

  it("answers 404 for another organisation's round and writes nothing; 422 for a malformed id", async () => {
    const theirs = await seedRound(other.organization.id, 'Secretco');
    for (const id of [theirs, UNKNOWN_ID]) {
      const response = await post(
        `/intelligence/funding-announcements/${id}/add-company`,
        admin.access_token,
      );
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('FUNDING_ANNOUNCEMENT_NOT_FOUND');
    }
    const signals = await get<TSignalListResponse>('/signals/', other.access_token);
    expect(signals.body.total).toBe(0);
    for (const token of [admin.access_token, other.access_token]) {
      const companies = await get<{ companies: TCompany[] }>('/companies', token);
      expect(companies.status).toBe(200);
      expect(companies.body.companies.map((c) => c.name)).not.toContain('Secretco');
    }
    const malformed = await post('/intelligence/funding-announcements/nope/add-company', admin.access_token);
    expect(malformed.status).toBe(422);
  });
});
