import { DEFAULT_THESIS, type TInvestmentThesis, ZInvestmentThesis } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import * as repository from './thesis.repository.ts';

/**
 * The organisation's investment thesis: its saved configuration, or DEFAULT_THESIS until an admin
 * saves one (a new organisation needs no row). Stored configurations were validated on the way in;
 * parsing again fills in defaults added to the contract since.
 */
export async function getThesis(db: Database, organizationId: string): Promise<TInvestmentThesis> {
  const stored = await repository.findThesisConfig(db, organizationId);
  return stored === undefined ? DEFAULT_THESIS : ZInvestmentThesis.parse(stored);
}

/** Saves a validated thesis whole; the caller re-scores the organisation afterwards. */
export async function saveThesis(
  db: Database,
  organizationId: string,
  userId: string,
  thesis: TInvestmentThesis,
): Promise<TInvestmentThesis> {
  await repository.upsertThesis(db, { organizationId, config: thesis, updatedBy: userId });
  return thesis;
}
