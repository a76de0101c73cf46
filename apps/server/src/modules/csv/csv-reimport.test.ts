import type { TAuthResponse, TCompany, TDeal, TDealListResponse } from '@atempo/contracts';
import { companies, deals } from '@atempo/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { call, startTestServer, type TestServer } from '../../test/server.ts';
import { uploadCsv } from '../../test/upload-csv.ts';
import { parseCsv } from './csv-parse.ts';
import { toCsv } from './csv-write.ts';

let server: TestServer;
let orgA: TAuthResponse;
let orgB: TAuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  orgA = await registerOrganization(server.app);
  orgB = await registerOrganization(server.app);
});
afterAll(async () => {
  await server?.close();
});

const upload = (path: string, org: TAuthResponse, csv: string) =>
  uploadCsv(server.app, `/api/v1${path}`, org.access_token, csv);

async function exported(org: TAuthResponse, kind: 'deals' | 'companies'): Promise<string[][]> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/v1/${kind}/export`,
    headers: { authorization: `Bearer ${org.access_token}` },
  });
  expect(response.statusCode).toBe(200);
  return parseCsv(response.body).records.map((record) => record.cells);
}
const csvOf = (table: string[][]) => toCsv(table[0]!, table.slice(1));

/** Every stored deal and company of the organisation, as rows (updated_at included). */
async function stored(org: TAuthResponse) {
  const db = server.database.db;
  const id = org.organization.id;
  return {
    deals: await db.select().from(deals).where(eq(deals.organizationId, id)).orderBy(deals.dealNumber),
    companies: await db
      .select()
      .from(companies)
      .where(eq(companies.organizationId, id))
      .orderBy(companies.name),
  };
}

/** The organisation's deals as whole records: the list answers a projection, each deal's route the rest. */
async function listDeals(org: TAuthResponse): Promise<TDeal[]> {
  const response = await call<TDealListResponse>(server.app, 'GET', '/api/v1/deals?sort=deal_number', {
    token: org.access_token,
  });
  return Promise.all(
    response.body.deals.map(async (item) => {
      const deal = await call<TDeal>(server.app, 'GET', `/api/v1/deals/${item.id}`, {
        token: org.access_token,
      });
      return deal.body;
    }),
  );
}

const DEALS = [
  'Company,Amount,Stage,Sector,Country,Revenue,Revenue Growth,Employees',
  'Alpha GmbH,€5M,Due Diligence,Fintech,Germany,€4M,60%,45',
  'Beta SAS,2.5m,Lead,SaaS,France,,,',
  'Gamma Ltd,750k,Term Sheet,Climate,UK,,,',
].join('\r\n');

describe('deal import of records the organisation already has', () => {
  it('fills the companies it creates from the deal row: sector, country, metrics', async () => {
    const response = await upload('/deals/import', orgA, DEALS);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ imported: 3, new_rows: 3 });
    const alpha = (await stored(orgA)).companies.find((company) => company.name === 'Alpha GmbH')!;
    expect(alpha).toMatchObject({
      industry: 'Fintech',
      headquartersCountry: 'Germany',
      revenue: 4e6,
      revenueGrowth: 0.6,
      employeeCount: 45,
      financialMetrics: { revenue: 4e6, revenue_growth: 0.6, employee_count: 45 },
    });
    const company = await call<TCompany>(server.app, 'GET', `/api/v1/companies/${alpha.id}`, {
      token: orgA.access_token,
    });
    expect(company.body).toMatchObject({ industry: 'Fintech', headquarters_country: 'Germany' });
    expect(company.body.thematic_score).not.toBeNull();
  });

  it('re-importing the export changes nothing and duplicates nothing, whichever option', async () => {
    const before = await stored(orgA);
    const table = await exported(orgA, 'deals');
    for (const option of ['update', 'skip'] as const) {
      const preview = await upload(`/deals/import?dry_run=true&on_existing=${option}`, orgA, csvOf(table));
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        on_existing: option,
        new_rows: 0,
        updated_rows: 0,
        unchanged_rows: option === 'update' ? 3 : 0,
        skipped_rows: option === 'skip' ? 3 : 0,
      });
      expect(preview.body.rows.map((row) => row.existing_id)).toEqual(before.deals.map((deal) => deal.id));
      const done = await upload(`/deals/import?on_existing=${option}`, orgA, csvOf(table));
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.imported).toBe(0);
    }
    expect(await stored(orgA)).toEqual(before);
  });

  it('applies an edited export with update: changed rows updated, new rows created', async () => {
    const table = await exported(orgA, 'deals');
    const header = table[0]!;
    const column = (name: string) => header.indexOf(name);
    const beta = table.find((cells) => cells[column('company')] === 'Beta SAS')!;
    beta[column('amount_requested')] = '3000000';
    beta[column('stage')] = 'qualified';
    const fresh = header.map(() => '');
    fresh[column('company')] = 'Delta Oy';
    fresh[column('amount_requested')] = '1000000';
    fresh[column('sector')] = 'Health';
    table.push(fresh);

    const preview = await upload('/deals/import?dry_run=true&on_existing=update', orgA, csvOf(table));
    expect(preview.body).toMatchObject({ new_rows: 1, updated_rows: 1, unchanged_rows: 2, skipped_rows: 0 });
    expect(preview.body.rows.map((row) => row.action)).toEqual(['unchanged', 'update', 'unchanged', 'new']);

    const done = await upload('/deals/import?on_existing=update', orgA, csvOf(table));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.imported).toBe(2);
    const list = await listDeals(orgA);
    expect(list.map((deal) => [deal.deal_number, deal.company, deal.amount_requested, deal.stage])).toEqual([
      [1, 'Alpha GmbH', 5e6, 'due_diligence'],
      [2, 'Beta SAS', 3e6, 'qualified'],
      [3, 'Gamma Ltd', 750e3, 'term_sheet'],
      [4, 'Delta Oy', 1e6, 'lead'],
    ]);
  });

  it('skip leaves matched deals untouched and still creates the new rows', async () => {
    const before = await stored(orgA);
    const csv = [
      'deal_number,company,amount,stage',
      '1,Alpha GmbH,9000000,closed',
      ',Epsilon AB,2000000,lead',
    ].join('\n');
    const done = await upload('/deals/import?on_existing=skip', orgA, csv);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ imported: 1, new_rows: 1, skipped_rows: 1 });
    const after = await stored(orgA);
    expect(after.deals.slice(0, before.deals.length)).toEqual(before.deals);
    expect(after.deals).toHaveLength(before.deals.length + 1);
  });

  it('matches by deal_number, or by company (trimmed, any case) when asked to update the latest open deal', async () => {
    const csv = ['Deal Number,Company,Amount,ARR', '3,  gamma ltd ,800k,1.5m', ',  ALPHA gmbh,5m,2m'].join(
      '\n',
    );
    // By default a row without a deal number is a new deal, even for a company that has one.
    const byDefault = await upload('/deals/import?dry_run=true&on_existing=update', orgA, csv);
    expect(byDefault.body).toMatchObject({
      existing_company_rows: 'new_deal',
      rows_naming_existing_companies: 1,
      updated_rows: 1,
      new_rows: 1,
      company_renames: 0,
    });
    expect(byDefault.body.rows[1]!.note).toMatch(/Alpha GmbH already has 1 deal: a new deal/);

    const latest = '/deals/import?on_existing=update&existing_company_rows=update_latest_open';
    const preview = await upload(`${latest}&dry_run=true`, orgA, csv);
    expect(preview.status).toBe(200);
    const [gamma, alpha] = preview.body.rows;
    // A name differing only in case is the same name: no rename.
    expect(gamma).toMatchObject({ action: 'update', data: { deal_number: 3, company_name: 'Gamma Ltd' } });
    expect(gamma!.company_change).toBeUndefined();
    expect(alpha).toMatchObject({ action: 'update', data: { deal_number: 1, company_name: 'Alpha GmbH' } });
    expect(alpha!.note).toMatch(/updates deal 1, the latest open deal of Alpha GmbH/);
    await upload(latest, orgA, csv);
    const list = await listDeals(orgA);
    expect(list.find((deal) => deal.deal_number === 3)!.amount_requested).toBe(800e3);
    // The row's metric is added to the metrics the deal had.
    expect(list.find((deal) => deal.deal_number === 1)!.financial_metrics).toMatchObject({
      arr: 2e6,
      revenue: 4e6,
    });
  });

  it('never refuses an ambiguous row; refuses only rows that contradict themselves, writing nothing', async () => {
    // A second deal for Alpha GmbH: its name alone no longer says which deal a row is.
    await call(server.app, 'POST', '/api/v1/deals', {
      token: orgA.access_token,
      body: { company_name: 'Alpha GmbH', amount_requested: 100 },
    });
    const before = await stored(orgA);
    const ambiguous = ['deal_number,company,amount', '2,Gamma Ltd,1', ',Alpha GmbH,1'].join('\n');
    const preview = await upload('/deals/import?dry_run=true&on_existing=update', orgA, ambiguous);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      invalid_rows: 0,
      company_moves: 1,
      rows_naming_existing_companies: 1,
    });
    // Deal 2 is Beta SAS's: the row moves it to Gamma Ltd, which the organisation has.
    expect(preview.body.rows[0]).toMatchObject({
      action: 'update',
      company_change: { kind: 'move', from: 'Beta SAS', to: 'Gamma Ltd' },
    });
    expect(preview.body.rows[1]).toMatchObject({
      action: 'new',
      note: 'Alpha GmbH already has 2 deals: a new deal',
    });

    const contradictory = ['deal_number,company,amount', '3,Gamma Ltd,2', '3,Gamma Ltd,3', 'abc,Zeta,4'].join(
      '\n',
    );
    const response = await upload('/deals/import?on_existing=update', orgA, contradictory);
    expect(response.status).toBe(422);
    const errors = response.body.rows.map((row) => row.errors.map((error) => error.message).join(' | '));
    expect(errors[0]).toBe('');
    expect(errors[1]).toMatch(/deal_number 3 \(Gamma Ltd\) is also on row 2/);
    expect(errors[2]).toMatch(/deal_number must be a whole number/);
    expect(response.body.rows.map((row) => row.action)).toEqual(['update', null, null]);
    expect(await stored(orgA)).toEqual(before);
  });

  it('applies an edited export whose company names were corrected: rename and move, on confirm only', async () => {
    const table = await exported(orgA, 'deals');
    const header = table[0]!;
    const column = (name: string) => header.indexOf(name);
    const rowOf = (number: number) => table.find((cells) => cells[column('deal_number')] === String(number))!;
    // Gamma Ltd's only deal: its name corrected. Deal 2 (Beta SAS) moved to Alpha GmbH.
    rowOf(3)[column('company')] = 'Gamma Labs Ltd';
    rowOf(2)[column('company')] = 'Alpha GmbH';
    const before = await stored(orgA);

    const preview = await upload('/deals/import?dry_run=true&on_existing=update', orgA, csvOf(table));
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      invalid_rows: 0,
      updated_rows: 2,
      company_renames: 1,
      company_moves: 1,
    });
    const byNumber = (number: number) => preview.body.rows.find((row) => row.data.deal_number === number)!;
    expect(byNumber(3)).toMatchObject({
      action: 'update',
      company_change: { kind: 'rename', from: 'Gamma Ltd', to: 'Gamma Labs Ltd' },
      data: { company_name: 'Gamma Labs Ltd' },
    });
    expect(byNumber(2).company_change).toEqual({ kind: 'move', from: 'Beta SAS', to: 'Alpha GmbH' });
    expect(await stored(orgA)).toEqual(before);

    const done = await upload('/deals/import?on_existing=update', orgA, csvOf(table));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.imported).toBe(2);
    const after = await stored(orgA);
    const gamma = before.companies.find((company) => company.name === 'Gamma Ltd')!;
    expect(after.companies.find((company) => company.id === gamma.id)!.name).toBe('Gamma Labs Ltd');
    expect(after.companies).toHaveLength(before.companies.length);
    const alpha = after.companies.find((company) => company.name === 'Alpha GmbH')!;
    expect(after.deals.find((deal) => deal.dealNumber === 2)!.companyId).toBe(alpha.id);
    expect(after.deals).toHaveLength(before.deals.length);
    // Re-importing the same file now changes nothing.
    const again = await upload('/deals/import?dry_run=true&on_existing=update', orgA, csvOf(table));
    expect(again.body).toMatchObject({ updated_rows: 0, new_rows: 0, company_renames: 0, company_moves: 0 });
  });
});

describe('another organisation never matches', () => {
  it("a deal_number or company name of another organisation's export is new, never an update", async () => {
    const aBefore = await stored(orgA);
    const table = await exported(orgA, 'deals');
    const response = await upload('/deals/import?on_existing=update', orgB, csvOf(table));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.new_rows).toBe(table.length - 1);
    expect(response.body.rows.every((row) => row.existing_id === null)).toBe(true);
    expect(await stored(orgA)).toEqual(aBefore);
  });

  it("A's row with B's deal number is shown as B's deal renamed, and nothing is written before confirming", async () => {
    // B's deal 1 is its own Alpha GmbH, created by the import just above.
    const before = await stored(orgB);
    const csv = ['deal_number,company,amount', '1,Someone Else,1'].join('\n');
    const response = await upload('/deals/import?dry_run=true&on_existing=update', orgB, csv);
    expect(response.status).toBe(200);
    expect(response.body.rows[0]).toMatchObject({
      action: 'update',
      company_change: { kind: 'rename', from: 'Alpha GmbH', to: 'Someone Else' },
    });
    expect(await stored(orgB)).toEqual(before);
  });

  it("a company named as another organisation's is new in this one", async () => {
    const fresh = await registerOrganization(server.app);
    const aBefore = await stored(orgA);
    const response = await upload(
      '/companies/import?on_existing=update',
      fresh,
      'name,industry\nAlpha GmbH,Retail',
    );
    expect(response.body).toMatchObject({ new_rows: 1, updated_rows: 0, imported: 1 });
    expect(await stored(orgA)).toEqual(aBefore);
  });
});

describe('company import of companies the organisation already has', () => {
  it('re-importing the export changes nothing; an edited one updates; skip leaves them', async () => {
    const before = await stored(orgA);
    const table = await exported(orgA, 'companies');
    const again = await upload('/companies/import?on_existing=update', orgA, csvOf(table));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ imported: 0, new_rows: 0, updated_rows: 0 });
    expect(again.body.unchanged_rows).toBe(table.length - 1);
    expect(await stored(orgA)).toEqual(before);

    const header = table[0]!;
    const beta = table.find((cells) => cells[0] === 'Beta SAS')!;
    beta[header.indexOf('revenue')] = '1200000';
    beta[header.indexOf('headquarters_country')] = 'Belgium';
    beta[0] = ' beta sas ';
    const skipped = await upload('/companies/import?on_existing=skip', orgA, csvOf(table));
    expect(skipped.body).toMatchObject({ imported: 0, skipped_rows: table.length - 1 });
    expect(await stored(orgA)).toEqual(before);

    const updated = await upload('/companies/import?on_existing=update', orgA, csvOf(table));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ imported: 1, updated_rows: 1 });
    const row = (await stored(orgA)).companies.find((company) => company.name === 'Beta SAS')!;
    expect(row).toMatchObject({ revenue: 1.2e6, headquartersCountry: 'Belgium' });
    expect((await stored(orgA)).companies).toHaveLength(before.companies.length);
  });

  it('matches a row to the company of the same name key (legal form aside), never a duplicate', async () => {
    const before = await stored(orgA);
    const table = await exported(orgA, 'companies');
    const header = table[0]!;
    const beta = table.find((cells) => cells[0] === 'Beta SAS')!;
    beta[0] = 'Beta';
    beta[header.indexOf('revenue')] = '1500000';
    const updated = await upload('/companies/import?on_existing=update', orgA, csvOf(table));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ imported: 1, new_rows: 0, updated_rows: 1 });
    const after = (await stored(orgA)).companies;
    expect(after).toHaveLength(before.companies.length);
    expect(after.find((company) => company.name === 'Beta SAS')).toMatchObject({ revenue: 1.5e6 });
    expect(after.some((company) => company.name === 'Beta')).toBe(false);
  });
});
