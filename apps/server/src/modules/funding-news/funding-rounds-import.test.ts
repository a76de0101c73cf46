import { readFileSync } from 'node:fs';
import path from 'node:path';
import type {
  TFundingAnnouncementsResponse,
  TFundingImportPreview,
  TFundingImportResult,
} from '@atempo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { uploadCsv } from '../../test/upload-csv.ts';

/**
 * Rounds exports as real users send them, through the real HTTP routes: the corpus's Indian startup
 * funding export (Windows-1252, CRLF, Indian digit grouping, N/A amounts, malformed dates), a
 * Crunchbase export with its snake_case headers, duplicated headers, and the history they reach.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CORPUS = path.resolve(import.meta.dirname, '../../../../../../shared/corpus/rounds');
const newOrg = async () => (await registerOrganization(server.app)).access_token;
type Refusal = { detail?: string; code?: string };
const importCsv = (token: string, csv: string | Buffer) =>
  uploadCsv(
    server.app,
    '/api/v1/intelligence/funding-announcements/import',
    token,
    csv,
  ) as unknown as Promise<{
    status: number;
    body: TFundingImportResult & Refusal;
  }>;
const preview = (token: string, csv: string | Buffer) =>
  uploadCsv(
    server.app,
    '/api/v1/intelligence/funding-announcements/import/preview',
    token,
    csv,
  ) as unknown as Promise<{ status: number; body: TFundingImportPreview & Refusal }>;
const list = (token: string, query: string) =>
  call<TFundingAnnouncementsResponse & Refusal>(
    server.app,
    'GET',
    `/api/v1/intelligence/funding-announcements${query}`,
    { token },
  );

interface SpotCheck {
  sr_no: number;
  normalised: { startup: string; date: string; amount_usd: number | null; investors?: string[] };
}

describe('the corpus rounds export through the real routes', () => {
  it('previews, then imports every dated round on its own, refusing only the malformed dates', async () => {
    const token = await newOrg();
    const file = readFileSync(path.join(CORPUS, 'indian_startup_funding_2015-2020.csv'));
    const labels = JSON.parse(readFileSync(path.join(CORPUS, 'labels.json'), 'utf8')) as {
      row_count: { data_rows: number };
      spot_checks: SpotCheck[];
    };

    const seen = await preview(token, file);
    expect(seen.status, JSON.stringify(seen.body).slice(0, 500)).toBe(200);
    expect(seen.body.encoding).toBe('windows-1252');
    const fieldOf = Object.fromEntries(seen.body.headers.map((h) => [h.header, h.field]));
    expect(fieldOf).toMatchObject({
      Date: 'date',
      StartupName: 'company',
      AmountInUSD: 'amount_usd',
      InvestmentType: 'round_type',
      InvestorsName: 'investors',
      IndustryVertical: 'sector',
    });
    expect(seen.body.rows).toBe(labels.row_count.data_rows);
    expect(seen.body.sample[0]).toMatchObject({
      company_name: 'BYJU’S',
      announced_at: '2020-01-09T00:00:00.000Z',
      amount_raised: 200_000_000,
      currency: 'USD',
      stage: 'Growth',
    });
    // nothing written by the preview
    expect((await list(token, '?from=2000-01-01')).body.pagination.total_count).toBe(0);

    const imported = await importCsv(token, file);
    expect(imported.status, JSON.stringify(imported.body).slice(0, 500)).toBe(200);
    const r = imported.body;
    expect(r.rows).toBe(labels.row_count.data_rows);
    expect(r.created + r.merged + r.skipped).toBe(r.rows);
    expect(r.skipped).toBe(seen.body.refused);
    expect(r.merged).toBe(seen.body.duplicates_in_file);
    // the two malformed dates of the corpus are refused, each with its line and cell; none dated today
    const refusedDates = r.problems.filter((p) => p.field === 'date');
    expect(refusedDates.map((p) => p.message)).toEqual([
      '"05/072018" is not a date (day/month/year expected): row refused',
      '"01/07/015" is not a date (day/month/year expected): row refused',
    ]);
    expect(r.skipped).toBe(2);
    // a handful of true duplicates (same company, stage, dates within 14 days) at most
    expect(r.merged).toBeLessThan(20);
    expect(r.created).toBeGreaterThan(3000);
    // N/A and undisclosed are no amount, never 0
    expect(r.amount_unknown).toBeGreaterThan(950);
    expect(r.problems.some((p) => p.field === 'amount' && p.message.includes('lower bound'))).toBe(true);
    expect((await list(token, `?days=${30 * 365}&limit=1`)).body.pagination.total_count).toBe(r.created);

    for (const check of labels.spot_checks) {
      const { startup, date, amount_usd, investors } = check.normalised;
      const day = await list(token, `?from=${date}&to=${date}&limit=100`);
      expect(day.status).toBe(200);
      const round = day.body.announcements.find((a) => a.company_name === startup);
      expect(round, `row ${check.sr_no}: ${startup} on ${date}`).toBeDefined();
      expect(round!.announced_at.slice(0, 10)).toBe(date);
      expect(round!.amount_raised).toBe(amount_usd);
      if (amount_usd !== null) expect(round!.currency).toBe('USD');
      if (investors) expect(round!.extraction_metadata.investors).toEqual(investors);
    }
    const byStage = await list(token, '?from=2019-04-19&to=2019-04-19&limit=100');
    expect(byStage.body.announcements.find((a) => a.company_name === 'KrazyBee')?.stage).toBe('Debt');

    // the same file again creates nothing
    const again = await importCsv(token, file);
    expect(again.body).toMatchObject({ created: 0, skipped: r.skipped });
  }, 600_000);
});

describe('exports with other headers', () => {
  it('reads a Crunchbase export (snake_case headers, Latin-1, CR endings), keeping each dated round', async () => {
    const token = await newOrg();
    const lines = [
      'company_name,company_category_code,company_country_code,funding_round_type,funding_round_code,funded_at,raised_amount_usd,investor_names',
      'Zoëtic,biotech,FRA,venture,a,2012-03-01,5000000,"Partech, Elaia"',
      'Zoëtic,biotech,FRA,venture,b,2014-06-15,20000000,Partech',
      'Zoëtic,biotech,FRA,venture,b,2014-06-20,21000000,Partech',
      'Zoëtic,biotech,FRA,venture,c,2016-09-30,,',
      'Tallyfold,fintech,GBR,angel,,2013-01-10,250000,',
      'Undated,software,USA,seed,,,100000,',
    ];
    const file = Buffer.from(`${lines.join('\r')}\r`, 'latin1');
    const seen = await preview(token, file);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toMatchObject({
      encoding: 'windows-1252',
      rows: 6,
      rounds: 5,
      duplicates_in_file: 1,
      refused: 1,
      amount_unknown: 1,
    });
    expect(seen.body.headers.map((h) => h.field)).toEqual([
      'company',
      'sector',
      'country',
      'round_type',
      'round_code',
      'date',
      'amount_usd',
      'investors',
    ]);
    expect(seen.body.problems).toEqual([{ line: 7, field: 'date', message: 'no date: row refused' }]);

    const imported = await importCsv(token, file);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ rows: 6, created: 4, merged: 1, skipped: 1, amount_unknown: 1 });
    const rounds = (await list(token, '?from=2010-01-01&to=2020-12-31')).body.announcements;
    const zoetic = rounds
      .filter((a) => a.company_name === 'Zoëtic')
      .map((a) => [a.announced_at.slice(0, 10), a.stage, a.amount_raised]);
    expect(zoetic).toEqual([
      ['2016-09-30', 'Series C', null],
      ['2014-06-15', 'Series B', 20_000_000],
      ['2012-03-01', 'Series A', 5_000_000],
    ]);
    expect(rounds.find((a) => a.company_name === 'Tallyfold')).toMatchObject({
      stage: 'Pre-Seed',
      currency: 'USD',
    });
  });

  it('keeps several rounds of one stage in one fortnight apart when their amounts differ (no key collision)', async () => {
    const token = await newOrg();
    const csv = [
      'Organization Name,Funding Type,Money Raised (in USD),Announced Date',
      'Acme,Seed,1000000,2020-01-01',
      'Acme,Seed,5000000,2020-01-05',
      'Acme,Seed,20000000,2020-01-08',
      'Acme,Seed,90000000,2020-01-08',
    ].join('\n');
    const imported = await importCsv(token, csv);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ created: 4, merged: 0 });
    const again = await importCsv(token, csv);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: 0, merged: 4 });
  });

  it('reads duplicated header names: the first column of a field is read, the repeat is shown unused', async () => {
    const token = await newOrg();
    const csv = [
      'Company,Date,Amount,Amount,Company,Currency',
      'Northwind,2021-05-04,3000000,999,Other Name,EUR',
    ].join('\n');
    const seen = await preview(token, csv);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.headers.map((h) => [h.header, h.field, h.note])).toEqual([
      ['Company', 'company', null],
      ['Date', 'date', null],
      ['Amount', 'amount', null],
      ['Amount', null, 'not used: column 3 is already read as amount'],
      ['Company', null, 'not used: column 1 is already read as company'],
      ['Currency', 'currency', null],
    ]);
    const imported = await importCsv(token, csv);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ created: 1 });
    const [round] = (await list(token, '?from=2021-05-04&to=2021-05-04')).body.announcements;
    expect(round).toMatchObject({ company_name: 'Northwind', amount_raised: 3_000_000, currency: 'EUR' });
  });

  it('refuses, in the preview and the import, a file whose date or amount column is not recognised', async () => {
    const token = await newOrg();
    const cases: [string, string][] = [
      ['Company,Amount,When\nAcme,100,2020-01-01\n', 'MISSING_DATE_COLUMN'],
      ['Company,Date,Size\nAcme,2020-01-01,100\n', 'MISSING_AMOUNT_COLUMN'],
    ];
    for (const [csv, code] of cases) {
      for (const send of [preview, importCsv]) {
        const response = await send(token, csv);
        expect(response.status, code).toBe(422);
        expect(response.body.code).toBe(code);
        expect(response.body.detail).toMatch(/headers read: 'Company'/);
      }
    }
    expect((await list(token, '?from=2000-01-01')).body.pagination.total_count).toBe(0);
  });
});

describe('GET /intelligence/funding-announcements over any period', () => {
  it('lists a from–to range, both days included, and days beyond ten years; refuses bad ranges', async () => {
    const token = await newOrg();
    const csv = [
      'Company,Date,Amount',
      'Old One,1999-12-31,1000000',
      'Range Start,2005-03-01,2000000',
      'Range End,2005-03-31,3000000',
      'After,2005-04-01,4000000',
    ].join('\n');
    expect((await importCsv(token, csv)).status).toBe(200);
    const range = await list(token, '?from=2005-03-01&to=2005-03-31');
    expect(range.status).toBe(200);
    expect(range.body.announcements.map((a) => a.company_name)).toEqual(['Range End', 'Range Start']);
    expect((await list(token, '?to=2000-01-01')).body.announcements.map((a) => a.company_name)).toEqual([
      'Old One',
    ]);
    expect((await list(token, '?days=20000')).body.pagination.total_count).toBe(4);
    expect((await list(token, '?days=3650')).body.pagination.total_count).toBe(0);
    const stats = await call<{ total_count: number }>(
      server.app,
      'GET',
      '/api/v1/intelligence/funding-announcements/stats?from=2005-01-01&to=2005-12-31',
      { token },
    );
    expect(stats.body.total_count).toBe(3);
    for (const query of [
      '?from=2005-04-01&to=2005-03-01',
      '?from=2019-02-30',
      '?to=yesterday',
      '?days=40000',
    ]) {
      const response = await list(token, query);
      expect(response.status, query).toBe(422);
      expect(response.body.detail, query).toBeTruthy();
      expect(response.body.code, query).toBeTruthy();
    }
  });
});
