import { RED_FLAG_SEVERITIES, type TDealStage } from '@atempo/contracts';
import { companyNamesByIds } from '../../companies/index.ts';
import { type RedFlagDealRow as DealColumns, dealsWithRedFlags as dealRows } from '../../deals/index.ts';
import { type DocumentFlagRow, riskFlagsOfDealDocuments } from '../../documents/index.ts';
import type { ToolContext } from './tool.ts';

export type RedFlagDealRow = DealColumns & { company_name: string };

export type Severity = (typeof RED_FLAG_SEVERITIES)[number];

/** The severities at least as grave as `min` (critical is the gravest). */
export const severitiesFrom = (min: Severity | undefined): Severity[] =>
  min ? RED_FLAG_SEVERITIES.slice(0, RED_FLAG_SEVERITIES.indexOf(min) + 1) : [...RED_FLAG_SEVERITIES];

/**
 * Deals carrying red flags of the scoring engine (of at least the given severity), gravest first:
 * by red-flag score, then deal number. `total` counts every match before the limit. The page's
 * company names are read in one batch.
 */
export async function dealsWithRedFlags(
  context: ToolContext,
  filter: {
    dealIds?: string[];
    stages?: TDealStage[];
    severities: Severity[];
    limit: number;
    withoutFlags?: boolean;
  },
): Promise<RedFlagDealRow[]> {
  const { db, organizationId } = context;
  const rows = await dealRows(db, organizationId, filter);
  if (rows.length === 0) return [];
  const names = new Map(
    (
      await companyNamesByIds(
        db,
        organizationId,
        rows.map((row) => row.company_id),
      )
    ).map((company) => [company.id, company.name]),
  );
  return rows.flatMap((row) => {
    const companyName = names.get(row.company_id);
    return companyName === undefined ? [] : [{ ...row, company_name: companyName }];
  });
}

/** The analyst's risk flags of a deal's analysed documents, each with the place it was read. */
export const documentRiskFlags = (context: ToolContext, dealId: string): Promise<DocumentFlagRow[]> =>
  riskFlagsOfDealDocuments(context.db, context.organizationId, dealId);
