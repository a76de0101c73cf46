import { z } from 'zod';
import { ZTimestamp } from './deals.ts';

/** The Companies screen's stats cards. */
export const ZCompanyScoringStats = z.object({
  total_companies: z.number().int(),
  /** Companies with a thematic score. */
  scored_companies: z.number().int(),
  /** Mean thematic score of the scored companies, one decimal; null when none is scored. */
  average_score: z.number().nullable(),
  high_priority: z.number().int(),
  medium_priority: z.number().int(),
  low_priority: z.number().int(),
});
export type TCompanyScoringStats = z.infer<typeof ZCompanyScoringStats>;

/** POST /company-scoring/score-all: the re-score runs in the background. */
export const ZScoreAllResponse = z.object({
  status: z.literal('queued'),
  job_id: z.string().nullable(),
  total_companies: z.number().int(),
});
export type TScoreAllResponse = z.infer<typeof ZScoreAllResponse>;

export const SCORING_RUN_STATES = ['queued', 'running', 'completed', 'failed'] as const;

/** GET /company-scoring/runs/{id}: how far a re-score has come (its id is score-all's job_id). */
export const ZScoringRun = z.object({
  id: z.uuid(),
  state: z.enum(SCORING_RUN_STATES),
  total_companies: z.number().int(),
  scored_companies: z.number().int(),
  total_deals: z.number().int(),
  scored_deals: z.number().int(),
  queued_at: ZTimestamp,
  started_at: ZTimestamp.nullable(),
  finished_at: ZTimestamp.nullable(),
});
export type TScoringRun = z.infer<typeof ZScoringRun>;
