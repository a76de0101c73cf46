import type { TDealStage, TRankableMetric } from '@atempo/contracts';
import {
  type CompanyListRow,
  companiesByNameOrWords,
  companiesRankedByFinancialFact,
  companiesSilentSince,
} from '../../companies/index.ts';
import { dealItemsOfCompanies } from '../../deals/index.ts';
import { latestInteractionAtOfCompanies } from '../../interactions/index.ts';
import type { ToolContext } from './tool.ts';

/**
 * Where search_companies reads: a page of companies from the companies module (found, ranked or
 * silent), then the page's deals and latest emails and notes from their owners, by the page's ids.
 */

export interface CompanySearchRow {
  id: string;
  name: string;
  industry: string | null;
  country: string | null;
  description: string | null;
  updated_at: string | Date;
  match: number | string;
  deals: { id: string; stage: TDealStage; amount_requested: number | string }[] | null;
  last_interaction: string | Date | null;
  total: number | string;
}

/** The later of two moments, either possibly unknown (as PostgreSQL's greatest, which skips nulls). */
const later = (a: string | Date | null, b: Date | undefined): Date | string | null => {
  if (a === null) return b ?? null;
  if (b === undefined) return a;
  return new Date(a).getTime() >= b.getTime() ? a : b;
};

/**
 * The page's rows with their deals and last interaction: the company's recorded one or its latest
 * email or note, whichever is later; with `lastInteraction: 'given'`, the row's own (a silent
 * company's last contact, already computed with its ranking).
 */
async function withDealsAndInteractions<R extends CompanyListRow>(
  context: ToolContext,
  rows: R[],
  lastInteraction: 'recorded-or-latest-email' | 'given' = 'recorded-or-latest-email',
): Promise<(Omit<R, 'last_interaction_at'> & Pick<CompanySearchRow, 'deals' | 'last_interaction'>)[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [deals, interactions] = await Promise.all([
    dealItemsOfCompanies(context.db, context.organizationId, ids),
    lastInteraction === 'given' ? new Map<string, Date>() : latestInteractionAtOfCompanies(context.db, ids),
  ]);
  return rows.map(({ last_interaction_at, ...row }) => ({
    ...row,
    deals: deals.get(row.id) ?? null,
    last_interaction:
      lastInteraction === 'given'
        ? last_interaction_at
        : later(last_interaction_at, interactions.get(row.id)),
  }));
}

/**
 * Companies by name (lenient: companies/company-fuzzy-names.ts) or by words of their industry and description,
 * with their deals and the time of their latest email or note (or the recorded last interaction).
 */
export async function searchCompanies(
  context: ToolContext,
  filter: {
    query: string;
    sector?: string;
    country?: string;
    priority?: 'high' | 'medium' | 'low';
    limit: number;
  },
): Promise<CompanySearchRow[]> {
  return withDealsAndInteractions(
    context,
    await companiesByNameOrWords(context.db, context.organizationId, filter),
  );
}

/**
 * Companies ranked by one recorded financial fact ("strongest revenue growth"), those without it
 * left out; `total` counts the companies that have it.
 */
export async function rankCompanies(
  context: ToolContext,
  filter: {
    metric: TRankableMetric;
    order: 'asc' | 'desc';
    sector?: string;
    country?: string;
    limit: number;
  },
): Promise<
  (CompanySearchRow & {
    value: number | string;
    value_sum: number | string;
    value_average: number | string;
    value_median: number | string;
  })[]
> {
  return withDealsAndInteractions(
    context,
    await companiesRankedByFinancialFact(context.db, context.organizationId, filter),
  );
}

/**
 * Companies nobody has spoken to since `since` (companiesSilentSince), never contacted first;
 * `last_interaction` is the last contact, `total` and `never` count before the limit.
 */
export async function silentCompanies(
  context: ToolContext,
  filter: { since: Date; sector?: string; country?: string; limit: number },
): Promise<(CompanySearchRow & { never: number | string })[]> {
  const rows = await companiesSilentSince(context.db, context.organizationId, filter);
  return withDealsAndInteractions(
    context,
    rows.map(({ last_contact_at, ...row }) => ({ ...row, last_interaction_at: last_contact_at })),
    'given',
  );
}
