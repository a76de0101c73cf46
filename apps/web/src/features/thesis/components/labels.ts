import type { TDealType, TProtectionLevel, TRevenueModel, TRiskApproach } from '@atempo/contracts';

export const DEAL_TYPE_LABELS: Record<TDealType, string> = {
  venture_debt: 'Venture Debt',
  revenue_based_financing: 'Revenue-Based Financing',
  convertible_debt: 'Convertible Debt',
  growth_equity: 'Growth Equity',
};

export const REVENUE_MODEL_LABELS: Record<TRevenueModel, string> = {
  recurring_preferred: 'Recurring preferred',
  recurring_required: 'Recurring required',
  mixed_revenue: 'Mixed revenue',
  one_time_ok: 'One-time revenue OK',
};

export const APPROACH_LABELS: Record<TRiskApproach, string> = {
  conservative: 'Conservative',
  moderate: 'Moderate',
  aggressive: 'Aggressive',
};

export const PROTECTION_LABELS: Record<TProtectionLevel, string> = {
  required: 'Required',
  preferred: 'Preferred',
  optional: 'Optional',
};
