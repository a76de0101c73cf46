import {
  DEAL_SOURCE_TYPES,
  DEAL_STAGES,
  type TDealSourceType,
  type TDealStage,
  type TDealType,
  type TRedFlagLevel,
  type TThematicRecommendation,
} from '@atempo/contracts';

/** The words the screens use for the pipeline's enumerations (stage labels live with the stages). */
export { STAGE_LABELS } from '@atempo/contracts';

/** Every stage, in pipeline order; the table may set any of them (spec 02 §4). */
export const ALL_STAGES: readonly TDealStage[] = DEAL_STAGES;

/** A new deal starts somewhere from lead to legal_docs; closed and rejected are outcomes. */
export const NEW_DEAL_STAGES: readonly TDealStage[] = DEAL_STAGES.slice(
  0,
  DEAL_STAGES.indexOf('legal_docs') + 1,
);

export const SOURCE_TYPE_LABELS: Record<TDealSourceType, string> = {
  direct: 'Direct',
  tier1_vc: 'Tier 1 VC',
  tier2_vc: 'Tier 2 VC',
  referral: 'Referral',
  inbound: 'Inbound',
  conference: 'Conference',
};

export const SOURCE_TYPES: readonly TDealSourceType[] = DEAL_SOURCE_TYPES;

export const RECOMMENDATION_LABELS: Record<TThematicRecommendation, string> = {
  proceed: 'Proceed',
  conditional_proceed: 'Conditional Proceed',
  reject: 'Reject',
};

/** reject is shown as Critical Risk (spec 02 §4). */
export const RED_FLAG_LEVEL_LABELS: Record<TRedFlagLevel, string> = {
  reject: 'Critical Risk',
  high_risk: 'High Risk',
  moderate_risk: 'Moderate Risk',
  low_risk: 'Low Risk',
};

export const DEAL_TYPE_LABELS: Record<TDealType, string> = {
  venture_debt: 'Venture Debt',
  revenue_based_financing: 'Revenue-Based Financing',
  convertible_debt: 'Convertible Debt',
  growth_equity: 'Growth Equity',
};
