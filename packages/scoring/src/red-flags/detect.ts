import type { TInvestmentThesis } from '@atempo/contracts';
import type { ScoringSubject } from '../subject.ts';
import { highBurnMultiple } from './rules/burn-multiple.ts';
import { longCacPayback } from './rules/cac-payback.ts';
import { highChurn } from './rules/churn.ts';
import { decliningRevenue } from './rules/declining-revenue.ts';
import { lowGrossMargin } from './rules/gross-margin.ts';
import { amountOutsideRange, dealTypeOutsideThesis, stageOutsideThesis } from './rules/mandate-fit.ts';
import { geographyOutsideThesis, sectorOutsideThesis } from './rules/market-fit.ts';
import { missingKeyData } from './rules/missing-key-data.ts';
import { lowNetRevenueRetention } from './rules/net-revenue-retention.ts';
import { shortRunway } from './rules/runway.ts';
import { staleRelationship } from './rules/stale-relationship.ts';
import { RED_FLAG_SEVERITIES, type RedFlag, type RedFlagRule } from './types.ts';

/** Every rule, in the order flags of equal severity are listed. */
export const RED_FLAG_RULES: readonly RedFlagRule[] = [
  shortRunway,
  decliningRevenue,
  lowGrossMargin,
  highChurn,
  highBurnMultiple,
  lowNetRevenueRetention,
  longCacPayback,
  missingKeyData,
  amountOutsideRange,
  stageOutsideThesis,
  dealTypeOutsideThesis,
  sectorOutsideThesis,
  geographyOutsideThesis,
  staleRelationship,
];

/** All red flags of a subject, worst first. */
export function detectRedFlags(subject: ScoringSubject, thesis: TInvestmentThesis, now: Date): RedFlag[] {
  const context = { subject, metrics: subject.financial_metrics ?? {}, thesis, now };
  const flags = RED_FLAG_RULES.map((rule) => rule(context)).filter((flag): flag is RedFlag => flag !== null);
  // Array.prototype.sort is stable, so equal severities keep the rule order.
  return flags.sort(
    (a, b) => RED_FLAG_SEVERITIES.indexOf(a.severity) - RED_FLAG_SEVERITIES.indexOf(b.severity),
  );
}
