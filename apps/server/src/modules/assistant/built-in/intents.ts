import type {
  PORTFOLIO_GROUPINGS,
  RED_FLAG_SEVERITIES,
  TCalculation,
  TDealStage,
  TRedFlagLevel,
} from '@atempo/contracts';
import type { TimeWindow } from './question.ts';

/** What the built-in analyst understood a question to ask; each kind has its own tool plan. */

export type Severity = (typeof RED_FLAG_SEVERITIES)[number];
export type Grouping = (typeof PORTFOLIO_GROUPINGS)[number];

/** The company or deal a question is about, as resolved against the organisation. */
export type Subject =
  | { kind: 'deal'; deal_id: string; name: string | null }
  | { kind: 'company'; company_id: string; name: string; match: number };

export type PortfolioFocus =
  | 'breakdown'
  | 'pipeline_value'
  | 'average_size'
  | 'conversion'
  | 'count'
  | 'companies';

export type Intent =
  | {
      kind: 'red_flags';
      subject: Subject | null;
      stages: TDealStage[] | null;
      min_severity: Severity | null;
      window: TimeWindow | null;
      /** "Which deals have no red flags?" */
      without?: boolean;
    }
  | {
      kind: 'portfolio';
      focus: PortfolioFocus;
      group_by: Grouping;
      stages: TDealStage[] | null;
      /** A sector or place the question narrows to ("fintech", "Germany"), matched to the groups. */
      place: string | null;
      /** "Which deals are at term sheet?": name the deals (largest first), not only count them. */
      list?: boolean;
      /** "How many deals are High Risk?": only the deals showing that red-flag badge on the Deals table. */
      red_flag_level?: TRedFlagLevel;
      /** "How many deals were added this month?": only the deals added since then. */
      added?: { since: string; label: string };
      /** "Which sector has the most deals?": the group that leads, by deal count or amount, first. */
      leader?: { by: 'count' | 'amount'; order: 'desc' | 'asc' };
    }
  | { kind: 'metrics'; subject: Subject; metrics: string[]; named: boolean }
  | { kind: 'compare'; subjects: Subject[]; metrics: string[] }
  | {
      kind: 'calculation';
      calculation: TCalculation;
      subject: Subject | null;
      /** Inputs the question itself gives ("if burn is €150k a month"), by calculation input name. */
      given?: Record<string, number>;
      /** Said back when a figure given was read as an input it was not labelled as. */
      assumption?: string;
    }
  | { kind: 'inactive'; days: number }
  | { kind: 'documents'; query: string; subject: Subject | null; doc_types: string[] }
  | { kind: 'deal'; subject: Subject; focus: 'overview' | 'missing_documents' | 'similar' }
  | {
      kind: 'market';
      sector: string | null;
      company: string | null;
      /** A country or region the question narrows to ("UK"). */
      place: string | null;
      days: number;
    }
  | { kind: 'ranking'; metric: string; order: 'desc' | 'asc'; sector: string | null; limit?: number }
  | { kind: 'funding_stages'; stages: string[] }
  /** A percentage the question gives of the open pipeline (or of the stages named). */
  | { kind: 'pipeline_percentage'; percent: number; stages: TDealStage[] | null }
  /** One group's share of all deals (a red-flag level, a stage, a sector), by count or amount. */
  | { kind: 'group_share'; group_by: Grouping; key: string; by: 'count' | 'amount' }
  /** One recorded metric summed, averaged or its median over the companies that have it. */
  | { kind: 'metric_stat'; metric: string; stat: MetricStat; sector: string | null }
  /** Names words several companies share ("Nordlys"): which one? */
  | { kind: 'ambiguous_company'; names: string[] }
  /** Names a company the organisation does not hold. */
  | { kind: 'unknown_company'; names: string[]; asked: string }
  /** One fact of a company the data does not hold ("who is the CEO of Acme"): declined, no figure. */
  | { kind: 'unknown_attribute'; attribute: string; subject: Subject }
  /** The companies of one monitoring priority, counted as the Companies page counts them. */
  | { kind: 'priority_companies'; priority: 'high' | 'medium' | 'low' }
  /** Asks what will happen ("next year's revenue", "will they default"): declined, no figure. */
  | { kind: 'future' }
  /** The largest, smallest, most recent, oldest or best-scored deals. */
  | {
      kind: 'deal_superlative';
      by: DealRanking;
      order: 'desc' | 'asc';
      stages: TDealStage[] | null;
      limit: number;
    }
  /** A question of several parts, each understood on its own. */
  | { kind: 'multi_part'; parts: { text: string; understanding: Understanding }[] }
  | { kind: 'unknown' };

export type MetricStat = 'sum' | 'average' | 'median';

export type DealRanking = 'amount_requested' | 'created_at' | 'thematic_score';

export type IntentKind = Intent['kind'];

/** An intent with how sure the understanding is (0–1), for the confidence. */
export interface Understanding {
  intent: Intent;
  match: number;
  /** Said back in the answer when something in the question was set aside ("this quarter"). */
  notes: string[];
}
