import { z } from 'zod';

/** What happened to a deal (GET /deals/{id}/updates), one entry per change (deal_activity rows). */

export const DEAL_ACTIVITY_KINDS = [
  'deal_created',
  'stage_changed',
  'amount_changed',
  'score_changed',
  'document_added',
  'document_analysed',
  'document_failed',
  'document_deleted',
  'metrics_accepted',
] as const;
export const ZDealActivity = z.object({
  id: z.uuid(),
  kind: z.enum(DEAL_ACTIVITY_KINDS),
  /** A sentence: "Stage changed from lead to qualified". */
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
  actor: z.string().nullable(),
  occurred_at: z.iso.datetime({ offset: true }),
});
export const ZDealUpdatesQuery = z.object({
  since: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ZDealUpdatesResponse = z.object({
  deal_id: z.uuid(),
  since: z.string().nullable(),
  updates: z.array(ZDealActivity),
});
export type TDealUpdatesResponse = z.infer<typeof ZDealUpdatesResponse>;
