import type { TFinancialMetrics, TInvestmentThesis } from '@atempo/contracts';
import type { ScoringSubject } from '../subject.ts';

export const RED_FLAG_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type RedFlagSeverity = (typeof RED_FLAG_SEVERITIES)[number];

export const RED_FLAG_CATEGORIES = [
  'financial',
  'data_quality',
  'operational',
  'market',
  'relationship',
] as const;
export type RedFlagCategory = (typeof RED_FLAG_CATEGORIES)[number];

export const RED_FLAG_LEVELS = ['reject', 'high_risk', 'moderate_risk', 'low_risk'] as const;
export type RedFlagLevel = (typeof RED_FLAG_LEVELS)[number];

export interface RedFlag {
  severity: RedFlagSeverity;
  /** A stable snake_case id of the rule that raised it. */
  flag_type: string;
  /** A sentence with the numbers behind the flag. */
  description: string;
  category: RedFlagCategory;
}

/** What every rule sees. */
export interface RuleContext {
  subject: ScoringSubject;
  metrics: TFinancialMetrics;
  thesis: TInvestmentThesis;
  now: Date;
}

/** A rule returns its flag, or null when it has nothing to say. */
export type RedFlagRule = (context: RuleContext) => RedFlag | null;
