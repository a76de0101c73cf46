import type { TRedFlagLevel, TThematicRecommendation } from '@atempo/contracts';
import type { IcDecision } from './decision.ts';

export const RISK_LEVEL_LABELS: Record<TRedFlagLevel, string> = {
  reject: 'Critical Risk',
  high_risk: 'High Risk',
  moderate_risk: 'Moderate Risk',
  low_risk: 'Low Risk',
};

export const RECOMMENDATION_LABELS: Record<TThematicRecommendation, string> = {
  proceed: 'Proceed',
  conditional_proceed: 'Conditional proceed',
  reject: 'Reject',
};

export const DEAL_TYPE_LABELS: Record<string, string> = {
  venture_debt: 'venture debt',
  revenue_based_financing: 'revenue-based financing',
  convertible_debt: 'convertible debt',
  growth_equity: 'growth equity',
};

export const DECISION_LABELS: Record<IcDecision, string> = {
  proceed: 'Proceed',
  conditional_proceed: 'Proceed subject to conditions',
  decline: 'Decline',
  not_scored: 'No recommendation: the deal is not scored',
};
