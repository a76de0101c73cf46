import type { TAuthResponse } from '@atempo/contracts';
import { companies, deals } from '@atempo/db';
import { count, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganization } from '../../test/fixtures.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { uploadCsv } from '../../test/upload-csv.ts';
import { toCsv } from './csv-write.ts';

/**
 * Deal imports at the size of a real pipeline: thousands of rows for companies that already have
 * deals, without deal numbers. Nothing is refused for being ambiguous; the preview counts them.
 */

/**
 * 100 companies (500 rows) by default, enough for every rule to meet companies with and without
 * deals; DEAL_BATCH_COMPANIES=1000 runs the 5,000 rows. Speed at scale is bench/deals-import.ts's.
 */
const COMPANIES = Number(process.env.DEAL_BATCH_COMPANIES ?? 100);
const ROWS_PER_COMPANY = 5;

let server: TestServer;
let org: TAuthResponse;

const companyName = (index: number) => `Batch Company ${String(index).padStart(4, '0')}`;

beforeAll(async () => {
  server = await startTestServer();
  org = await registerOrganization(server.app);
  // Each company gets an open deal (lead), then a closed one with a later number.
  const rows: string[][] = [];
  for (let index = 0; index < COMPANIES; index += 1) {
    rows.push([companyName(index), '1000000', 'lead']);
    rows.push([companyName(index), '2000000', 'closed']);
  }
  const setup = await upload('/deals/import', toCsv(['company', 'amount', 'stage'], rows));
  expect(setup.status, JSON.stringify(setup.body).slice(0, 500)).toBe(200);
  expect(setup.body.new_rows).toBe(2 * COMPANIES);
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const upload = (path: string, csv: string) => uploadCsv(server.app, `/api/v1${path}`, org.access_token, csv);

async function snapshot() {
  const db = server.database.db;
  const id = org.organization.id;
  const [dealFigures] = await db
    .select({ deals: count(), lastUpdate: max(deals.updatedAt) })
    .from(deals)
    .where(eq(deals.organizationId, id));
  const [companyFigures] = await db
    .select({ companies: count() })
    .from(companies)
    .where(eq(companies.organizationId, id));
  return {
    deals: dealFigures!.deals,
    lastUpdate: dealFigures!.lastUpdate,
    companies: companyFigures!.companies,
  };
}

/** ROWS_PER_COMPANY rows for every company, no deal numbers; the amount says company and row. */
function batch(): string {
  const rows: string[][] = [];
  for (let round = 0; round < ROWS_PER_COMPANY; round += 1) {
    for (let index = 0; index < COMPANIES; index += 1) {
      rows.push([companyName(index), String(3_000_000 + index * 10 + round), 'qualified']);
    }
  }
  return toCsv(['company', 'amount', 'stage'], rows);
}

describe(`${COMPANIES * ROWS_PER_COMPANY} deal rows for ${COMPANIES} companies that already have deals`, () => {
  const total = COMPANIES * ROWS_PER_COMPANY;

  it('previews the rows naming existing companies as new deals, and writes nothing', async () => {
    const before = await snapshot();
    const preview = await upload('/deals/import?dry_run=true&on_existing=update', batch());
    expect(preview.status, preview.body.detail).toBe(200);
    expect(preview.body).toMatchObject({
      total_rows: total,
      invalid_rows: 0,
      existing_company_rows: 'new_deal',
      rows_naming_existing_companies: total,
      new_rows: total,
      updated_rows: 0,
    });
    const choice = await upload(
      '/deals/import?dry_run=true&on_existing=update&existing_company_rows=update_latest_open',
      batch(),
    );
    expect(choice.body).toMatchObject({
      existing_company_rows: 'update_latest_open',
      rows_naming_existing_companies: total,
      updated_rows: COMPANIES,
      new_rows: total - COMPANIES,
    });
    expect(await snapshot()).toEqual(before);
  }, 300_000);

  it('"update the latest open deal" updates each company\'s open deal once; the other rows are new', async () => {
    const before = await snapshot();
    const done = await upload(
      '/deals/import?on_existing=update&existing_company_rows=update_latest_open',
      batch(),
    );
    expect(done.status, done.body.detail).toBe(200);
    expect(done.body).toMatchObject({
      imported: total,
      updated_rows: COMPANIES,
      new_rows: total - COMPANIES,
    });
    const after = await snapshot();
    expect(after.deals).toBe(before.deals + total - COMPANIES);
    expect(after.companies).toBe(before.companies);
    // Company 7's open deal (the lead, deal 15) took its first row; its closed deal is untouched.
    const ofCompany = await server.database.db
      .select({ number: deals.dealNumber, amount: deals.amountRequested, stage: deals.stage })
      .from(deals)
      .where(eq(deals.organizationId, org.organization.id))
      .orderBy(deals.dealNumber);
    expect(ofCompany.find((deal) => deal.number === 15)).toMatchObject({
      amount: 3_000_070,
      stage: 'qualified',
    });
    expect(ofCompany.find((deal) => deal.number === 16)).toMatchObject({
      amount: 2_000_000,
      stage: 'closed',
    });
  }, 300_000);

  it('by default imports every row as a new deal', async () => {
    const before = await snapshot();
    const done = await upload('/deals/import?on_existing=update', batch());
    expect(done.status, done.body.detail).toBe(200);
    expect(done.body).toMatchObject({ imported: total, new_rows: total, updated_rows: 0 });
    const after = await snapshot();
    expect(after.deals).toBe(before.deals + total);
    expect(after.companies).toBe(before.companies);
  }, 300_000);
});
