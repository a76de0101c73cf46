import { companies, type Database, deals } from '@atempo/db';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';

export type ExistingDeal = typeof deals.$inferSelect & { companyName: string };

/**
 * The organisation's deals an import's rows may name: by deal number, or by their company. Always scoped to the organisation, so another organisation's numbers and names
 * never match.
 */
export async function findDealsForImport(
  db: Database,
  organizationId: string,
  { numbers, companyIds }: { numbers: number[]; companyIds: string[] },
): Promise<ExistingDeal[]> {
  const named: SQL[] = [];
  if (numbers.length > 0) named.push(inArray(deals.dealNumber, [...new Set(numbers)]));
  if (companyIds.length > 0) named.push(inArray(deals.companyId, [...new Set(companyIds)]));
  if (named.length === 0) return [];
  const rows = await db
    .select({ deal: deals, companyName: companies.name })
    .from(deals)
    .innerJoin(companies, eq(companies.id, deals.companyId))
    .where(and(eq(deals.organizationId, organizationId), or(...named)));
  return rows.map((row) => ({ ...row.deal, companyName: row.companyName }));
}
