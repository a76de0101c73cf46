import { type Database, organizations } from '@atempo/db';

/** Every organisation's id: for jobs that visit each organisation in turn (dashboard snapshots). */
export async function allOrganizationIds(db: Database): Promise<string[]> {
  const rows = await db.select({ id: organizations.id }).from(organizations);
  return rows.map((row) => row.id);
}
