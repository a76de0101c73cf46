import type { Database } from '@atempo/db';
import {
  type CompanyProfileRow,
  companyProfileById,
  findCompaniesNamed,
  findCompanyByName,
} from '../companies/index.ts';

/** The organisation's company a research subject names (the companies module's matcher), as research reads it. */
export async function companyByName(
  db: Database,
  organizationId: string,
  name: string,
): Promise<CompanyProfileRow | undefined> {
  const company = await findCompanyByName(db, organizationId, name);
  return company ? companyProfileById(db, organizationId, company.id) : undefined;
}

/** Which of `names` (lower case) name one of the organisation's companies already. */
export async function trackedNames(
  db: Database,
  organizationId: string,
  names: string[],
): Promise<Set<string>> {
  const found = await findCompaniesNamed(db, organizationId, names);
  return new Set([...found.keys()].map((name) => name.toLowerCase()));
}
