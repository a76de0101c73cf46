import { type TAuthResponse, ZCreateDealRequest } from '@atempo/contracts';
import { companies, deals } from '@atempo/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { registerOrganization } from '../../test/fixtures.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { createCompanies } from '../companies/companies.service.ts';
import { createDeals } from './deals.service.ts';

/** The bulk services the CSV import builds on: all rows or none. */

let server: TestServer;
let org: TAuthResponse;
const creator = () => ({ organizationId: org.organization.id, userId: org.user.id });
const rowsOf = async () => ({
  deals: await server.database.db.select().from(deals).where(eq(deals.organizationId, org.organization.id)),
  companies: await server.database.db
    .select()
    .from(companies)
    .where(eq(companies.organizationId, org.organization.id)),
});

beforeAll(async () => {
  server = await startTestServer();
  org = await registerOrganization(server.app);
});
afterAll(async () => {
  await server?.close();
});

describe('createDeals', () => {
  it('creates every row, numbered in input order, sharing companies named alike', async () => {
    const inputs = [
      { company_name: 'Bulk One', amount_requested: 2e6 },
      { company_name: 'Bulk Two', amount_requested: 3e6, stage: 'qualified' },
      { company_name: 'bulk one', amount_requested: 4e6 },
    ].map((row) => ZCreateDealRequest.parse(row));
    const created = await createDeals(server.database.db, creator(), inputs);
    expect(
      created.map((deal) => [deal.deal_number, deal.company, deal.amount_requested, deal.stage]),
    ).toEqual([
      [1, 'Bulk One', 2e6, 'lead'],
      [2, 'Bulk Two', 3e6, 'qualified'],
      [3, 'Bulk One', 4e6, 'lead'],
    ]);
    expect(created.every((deal) => deal.thematic_score !== null)).toBe(true);
    expect((await rowsOf()).companies).toHaveLength(2);
  });

  it('writes nothing when one row fails, and gives its numbers out again', async () => {
    const before = await rowsOf();
    const inputs = [
      { company_name: 'Never Created', amount_requested: 1 },
      { company_id: '00000000-0000-4000-8000-000000000000', amount_requested: 1 },
    ].map((row) => ZCreateDealRequest.parse(row));
    await expect(createDeals(server.database.db, creator(), inputs)).rejects.toMatchObject({
      statusCode: 404,
    });
    const after = await rowsOf();
    expect(after.deals).toHaveLength(before.deals.length);
    expect(after.companies.map((company) => company.name)).not.toContain('Never Created');
    const [next] = await createDeals(server.database.db, creator(), [
      ZCreateDealRequest.parse({ company_name: 'Bulk Two', amount_requested: 1 }),
    ]);
    expect(next?.deal_number).toBe(4);
  });

  it("joins the caller's transaction", async () => {
    const before = await rowsOf();
    await expect(
      server.database.db.transaction(async (tx) => {
        await createDeals(tx, creator(), [
          ZCreateDealRequest.parse({ company_name: 'In Tx', amount_requested: 1 }),
        ]);
        throw new Error('caller changed its mind');
      }),
    ).rejects.toThrow('caller changed its mind');
    expect((await rowsOf()).deals).toHaveLength(before.deals.length);
  });
});

describe('createCompanies', () => {
  it('creates all, scored, in input order', async () => {
    const created = await createCompanies(server.database.db, org.organization.id, [
      { name: 'Many A', industry: 'Fintech' },
      { name: 'Many B', headquarters_country: 'France' },
    ]);
    expect(created.map((company) => company.name)).toEqual(['Many A', 'Many B']);
    expect(created.every((company) => company.thematicScore !== null)).toBe(true);
  });

  it('refuses a name taken in the organisation or repeated in the batch (409), writing nothing', async () => {
    for (const names of [
      ['Fresh 1', 'many a'],
      ['Fresh 2', 'FRESH 2'],
    ]) {
      const attempt = createCompanies(
        server.database.db,
        org.organization.id,
        names.map((name) => ({ name })),
      );
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({
        statusCode: 409,
        detail: `A company named ${names[1]} already exists`,
      });
    }
    const names = (await rowsOf()).companies.map((company) => company.name);
    expect(names).not.toContain('Fresh 1');
    expect(names).not.toContain('Fresh 2');
  });
});
