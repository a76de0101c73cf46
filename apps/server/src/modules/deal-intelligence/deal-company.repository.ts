import { companies, type Database, deals } from '@atempo/db';
import { and, eq } from 'drizzle-orm';

/** The deal's company (id and name) when the deal is the organisation's. */
export async function dealCompany(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<{ companyId: string; companyName: string } | undefined> {
  const [row] = await db
    .select({ companyId: deals.companyId, companyName: companies.name })
    .from(deals)
    .innerJoin(companies, eq(companies.id, deals.companyId))
    .where(and(eq(deals.organizationId, organizationId), eq(deals.id, dealId)));
  return row;
}
