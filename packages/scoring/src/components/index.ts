import type { TInvestmentThesis } from '@atempo/contracts';
import type { ScoringSubject } from '../subject.ts';
import { grossMarginThreshold } from '../thresholds.ts';
import type { ComponentScore, ThematicComponent } from '../weights.ts';
import { scoreDealSizeFit } from './deal-size-fit.ts';
import { scoreFinancialHealth } from './financial-health.ts';
import { scoreGeographicFit } from './geographic-fit.ts';
import { scoreSectorAlignment } from './sector-alignment.ts';
import { scoreStageFit } from './stage-fit.ts';

/** Every thematic component of a subject, each 0–10 with its reason. */
export function scoreComponents(
  subject: ScoringSubject,
  thesis: TInvestmentThesis,
): Record<ThematicComponent, ComponentScore> {
  return {
    sector_alignment: scoreSectorAlignment(subject.sector, thesis),
    geographic_fit: scoreGeographicFit(subject.geography, thesis),
    stage_fit: scoreStageFit(subject.stage, thesis),
    deal_size_fit: scoreDealSizeFit(subject.amount_requested, thesis),
    financial_metrics: scoreFinancialHealth(
      subject.financial_metrics,
      thesis,
      grossMarginThreshold(subject.sector, thesis),
    ),
  };
}
