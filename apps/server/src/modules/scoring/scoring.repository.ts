import { companies, type Database } from '@atempo/db';
import { asc } from 'drizzle-orm';

/** Organisations with anything to score (a deal always has a company). */
export async function organizationsWithCompanies(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationId: companies.organizationId })
    .from(companies)
    .orderBy(asc(companies.organizationId));
  return rows.map((row) => row.organizationId);
}
