/**
 * The mapping preview of a rounds import: what each column became, the first rows as they would be
 * stored and the counts, read without writing. Duplicates are counted within the file by the same
 * rule the import merges by (decision 032: same company, stages not contradicting, dates within the
 * window, amounts within the tolerance).
 */
import type { TFundingImportPreview } from '@atempo/contracts';
import { companyNameKey, sameRound } from '@atempo/documents';
import { type ImportDeps, type PlannedRound, planFundingImport } from './funding-import.ts';

const SAMPLE_ROWS = 10;

export function previewFundingImport(
  deps: Pick<ImportDeps, 'fxRates' | 'now'>,
  buffer: Buffer,
  sourceName: string,
): TFundingImportPreview {
  const plan = planFundingImport(deps, buffer, sourceName);
  return {
    rows: plan.file.rows.length + plan.file.unreadable.length,
    encoding: plan.file.encoding,
    headers: plan.file.headers,
    rounds: plan.rounds.length,
    duplicates_in_file: countDuplicates(plan.rounds),
    refused: plan.refused,
    amount_unknown: plan.amountUnknown,
    sample: plan.rounds.slice(0, SAMPLE_ROWS).map(({ line, round, roundType }) => ({
      line,
      company_name: round.company_name,
      stage: round.stage,
      round_type: roundType,
      amount_raised: round.amount_raised,
      currency: round.currency,
      announced_at: round.announced_at,
      investors: round.investors,
    })),
    problems: plan.problems,
  };
}

/** Rows that would merge into a round read earlier in the same file. */
function countDuplicates(rounds: PlannedRound[]): number {
  const byCompany = new Map<string, PlannedRound['round'][]>();
  let duplicates = 0;
  for (const { round } of rounds) {
    const key = companyNameKey(round.company_name);
    const earlier = byCompany.get(key) ?? [];
    if (earlier.some((stored) => sameRound(stored, round))) duplicates++;
    else earlier.push(round);
    byCompany.set(key, earlier);
  }
  return duplicates;
}
