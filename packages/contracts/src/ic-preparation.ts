import { z } from 'zod';
import { ZIcMemo, ZIcMemoFootnote, ZIcMemoSection } from './ic-memos.ts';
import { ZWorkflowStatus } from './workflows.ts';

/**
 * The agent variants of IC memo generation (spec 02 §7 IC materials, spec 01 §7 research, IC,
 * workflows). All of them write the same stored, versioned memo as POST /ic-preparation/generate;
 * they differ in the shape they answer.
 */

const ZDealId = z.uuid({ message: 'must be a deal id (UUID)' });
const ZCompanyName = z.string().trim().max(200).optional();

/** POST /ic-memos/generate-groq/{dealId}?use_groq=true. */
export const ZGroqIcMemoQuery = z.object({
  /** false writes the memo with the built-in analyst instead of the configured model. */
  use_groq: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});
export const ZGroqIcMemoParams = z.object({ dealId: ZDealId });

/** The text the fast generator's error carries when no model is set: the client then falls back (spec 02 §4). */
export const IC_MODEL_NOT_CONFIGURED = 'not_configured';

export const ZGroqIcMemoResponse = z.object({
  status: z.enum(['success', 'error']),
  /** Null on success; on failure a sentence, containing not_configured when no model is set. */
  error: z.string().nullable(),
  deal_id: z.uuid(),
  company_name: z.string(),
  memo: z
    .object({
      /** The stored memo's id (for the PDF export and the email). */
      id: z.uuid(),
      version: z.number().int(),
      sections: ZIcMemo.shape.content,
      formatted_markdown: z.string(),
      footnotes: z.array(ZIcMemoFootnote),
      metadata: ZIcMemo.shape.metadata,
    })
    .nullable(),
  timestamp: z.string(),
});
export type TGroqIcMemoResponse = z.infer<typeof ZGroqIcMemoResponse>;

/** The 503 the fast generator answers without a model: the error fields and the groq fields together. */
export const ZIcModelNotConfiguredResponse = ZGroqIcMemoResponse.extend({
  detail: z.string(),
  code: z.literal('LLM_NOT_CONFIGURED'),
});

/** POST /smolagent-ic-preparation/generate (spec 02 §7: the flags are sent true and accepted as such). */
export const ZSmolagentIcRequest = z.object({
  deal_id: ZDealId,
  company_name: ZCompanyName,
  use_real_smolagent: z.boolean().optional(),
  use_proper_tools: z.boolean().optional(),
  use_parallel: z.boolean().optional(),
});

/** A figure of the IC package with where it comes from. */
export const ZIcPackageFigure = z.object({
  name: z.string(),
  label: z.string(),
  value: z.number(),
  /** As a sourced metric's: EUR amounts, fractions (0.45 = 45 %), months, counts, ratios, dates. */
  unit: z.enum(['currency', 'fraction', 'months', 'count', 'ratio', 'date']),
  period: z.string().nullable(),
  /** "Deck.pdf, slide 4", "Acme Ltd — deal #12", "Calculation: runway". */
  source: z.string(),
  /** A document's figure the deal record does not hold yet: "from the document, not yet accepted". */
  not_yet_accepted: z.boolean(),
});
export type TIcPackageFigure = z.infer<typeof ZIcPackageFigure>;

/** The IC package of spec 02 §3, plus the stored memo it was written into. */
export const ZIcPackage = z.object({
  memo_id: z.uuid(),
  version: z.number().int(),
  deal_id: z.uuid(),
  company_name: z.string(),
  executive_summary: z.string(),
  investment_recommendation: z.object({
    /** proceed, conditional_proceed or decline. */
    decision: z.enum(['proceed', 'conditional_proceed', 'decline', 'not_scored']),
    rationale: z.string(),
  }),
  deal_terms: z.object({
    /** EUR; null when neither a term sheet nor the sizing gives one. */
    facility_amount: z.number().nullable(),
    facility_range: z.object({ min: z.number().nullable(), max: z.number().nullable() }).nullable(),
    is_proposal: z.boolean(),
    summary: z.string(),
  }),
  financial_analysis: z.object({
    /**
     * Revenue a year on at the stated growth (EUR), from the record or the documents (revenue, ARR
     * or MRR × 12, with its period); next_12_months is null when a figure is missing, and missing
     * says which and why. Null only in packages written before issue 18.
     */
    revenue_forecast: z
      .object({
        next_12_months: z.number().nullable(),
        basis: z.string(),
        revenue: ZIcPackageFigure.nullable().optional(),
        growth: ZIcPackageFigure.nullable().optional(),
        missing: z.array(z.string()).optional(),
      })
      .nullable(),
    /**
     * The debt the company can carry: the suggested facility range (EUR), with the burn, cash and
     * runway it rests on (record or documents); missing says which are absent and why.
     */
    debt_capacity: z
      .object({
        min: z.number().nullable(),
        max: z.number().nullable(),
        basis: z.array(z.string()),
        monthly_burn: ZIcPackageFigure.nullable().optional(),
        cash: ZIcPackageFigure.nullable().optional(),
        runway_months: ZIcPackageFigure.nullable().optional(),
        missing: z.array(z.string()).optional(),
      })
      .nullable(),
    summary: z.string(),
  }),
  risk_assessment: z.object({
    /** Critical Risk, High Risk, Moderate Risk, Low Risk, or Not scored. */
    overall_risk_rating: z.string(),
    red_flag_score: z.number().nullable(),
    key_concerns: z.array(z.string()),
    summary: z.string(),
  }),
  data_gaps: z.array(z.string()),
  formatted_markdown: z.string(),
  /** The notes the texts' `[^n]` markers point at (the stored memo's). */
  footnotes: z.array(ZIcMemoFootnote),
  generated_by: z.string(),
  generation_time_seconds: z.number(),
});
export type TIcPackage = z.infer<typeof ZIcPackage>;

/** POST /agents/ic-preparation/generate. deal_data and company_data are accepted and not used: the memo is written from the stored records, whose figures can be cited. */
export const ZAgentIcRequest = z.object({
  deal_id: ZDealId,
  company_name: ZCompanyName,
  deal_data: z.record(z.string(), z.unknown()).optional(),
  company_data: z.record(z.string(), z.unknown()).optional(),
});

export const ZAgentIcResponse = z.object({
  status: z.literal('completed'),
  /** The id GET /agents/ic-preparation/{id}/presentation takes. */
  memo_id: z.uuid(),
  deal_id: z.uuid(),
  company_name: z.string(),
  version: z.number().int(),
  memo: ZIcMemo,
});

/** GET /agents/ic-preparation/{id}/presentation: the memo as slides (?format=pptx downloads them). */
export const ZPresentationQuery = z.object({ format: z.enum(['json', 'pptx']).default('json') });
export const ZIcPresentation = z.object({
  memo_id: z.uuid(),
  deal_id: z.uuid(),
  company_name: z.string(),
  version: z.number().int(),
  title: z.string(),
  slides: z.array(
    z.object({
      /** The memo section a slide comes from; null for the title and sources slides. */
      section: ZIcMemoSection.nullable(),
      title: z.string(),
      /** Plain text, footnote markers kept as [n]. */
      bullets: z.array(z.string()),
    }),
  ),
  footnotes: z.array(ZIcMemoFootnote),
});
export type TIcPresentation = z.infer<typeof ZIcPresentation>;

/** POST /agents/workflows/ic-preparation (and the n8n IC memo draft). */
export const ZIcPreparationWorkflowRequest = z.object({ deal_id: ZDealId, company_name: ZCompanyName });
export const ZIcWorkflowStarted = ZWorkflowStatus.pick({ execution_id: true, status: true });
