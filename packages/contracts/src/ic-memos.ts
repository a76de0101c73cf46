import { z } from 'zod';
import { ZEngine } from './assistant.ts';
import { ZCitation } from './assistant-tools.ts';

/**
 * Investment-committee memos (spec 02 §3 IC memo, §7 IC materials). A memo is written from the
 * organisation's data; every figure in it carries a footnote to its source, and a section with no
 * data says what is missing. Regenerating makes a new version; earlier versions stay readable.
 */

/** The ten sections of spec 02 §3, in the order a memo reads. */
export const IC_MEMO_SECTIONS = [
  'executive_summary',
  'company_overview',
  'market_opportunity',
  'competitive_landscape',
  'product_technology',
  'team_assessment',
  'financial_analysis',
  'risk_assessment',
  'deal_terms',
  'recommendation',
] as const;
export const ZIcMemoSection = z.enum(IC_MEMO_SECTIONS);
export type TIcMemoSection = z.infer<typeof ZIcMemoSection>;

export const IC_MEMO_SECTION_TITLES: Record<TIcMemoSection, string> = {
  executive_summary: 'Executive Summary',
  company_overview: 'Company Overview',
  market_opportunity: 'Market Opportunity',
  competitive_landscape: 'Competitive Landscape',
  product_technology: 'Product and Technology',
  team_assessment: 'Team Assessment',
  financial_analysis: 'Financial Analysis',
  risk_assessment: 'Risk Assessment',
  deal_terms: 'Deal Terms',
  recommendation: 'Recommendation',
};

/** The overlay's messages while a memo is generated, each shown 7 s (spec 02 §2, §9). */
export const IC_GENERATION_MESSAGES = [
  'Analysing deal data',
  'Extracting financial metrics',
  'Generating executive summary',
  'Performing risk assessment',
  'Creating financial analysis',
  'Preparing deal terms',
  'Finalizing IC memo',
] as const;
export const IC_GENERATION_MESSAGE_MS = 7_000;

/** A numbered footnote: `[^n]` in the markdown points at it. */
export const ZIcMemoFootnote = ZCitation.extend({ n: z.number().int().min(1) });
export type TIcMemoFootnote = z.infer<typeof ZIcMemoFootnote>;

/** POST /ic-preparation/generate. */
export const ZGenerateIcMemoRequest = z.object({
  deal_id: z.uuid(),
  company_name: z.string().trim().max(200).optional(),
});
export type TGenerateIcMemoRequest = z.infer<typeof ZGenerateIcMemoRequest>;

export const ZIcMemo = z.object({
  id: z.uuid(),
  deal_id: z.uuid(),
  company_name: z.string(),
  /** 1, 2, 3… per deal. */
  version: z.number().int().min(1),
  /** Each section as markdown with footnote markers. */
  content: z.record(ZIcMemoSection, z.string()),
  formatted_markdown: z.string(),
  footnotes: z.array(ZIcMemoFootnote),
  metadata: z.object({
    /** "Built-in analyst" or the provider/model that wrote the prose. */
    generated_by: z.string(),
    generation_time_seconds: z.number(),
    engine: ZEngine,
    /** What the data did not hold, one sentence each (the sections say so too). */
    data_gaps: z.array(z.string()),
    /** True when the deal terms are the suggested facility, not a term sheet's. */
    terms_are_proposal: z.boolean(),
    /**
     * With a model: the prose sections it wrote that were refused (a figure the facts do not hold,
     * an unknown footnote, no answer) and written from the template instead, with the reason.
     */
    template_fallbacks: z
      .array(
        z.object({
          section: ZIcMemoSection,
          reason: z.string(),
          unsupported_figures: z.array(z.string()),
        }),
      )
      .optional(),
  }),
  created_at: z.string(),
  created_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type TIcMemo = z.infer<typeof ZIcMemo>;

/** GET /deals/{id}/ic-memos: the versions, newest first, without their bodies. */
export const ZIcMemoVersion = ZIcMemo.pick({
  id: true,
  version: true,
  created_at: true,
  created_by: true,
}).extend({
  generated_by: z.string(),
});

/** A page of versions, newest first; the versions picker asks for the largest page (a deal rarely has more). */
export const IC_MEMO_VERSIONS_MAX_LIMIT = 100;
export const ZIcMemoVersionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(IC_MEMO_VERSIONS_MAX_LIMIT).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TIcMemoVersionsQuery = z.input<typeof ZIcMemoVersionsQuery>;
export const ZIcMemoVersionsResponse = z.object({
  ic_memos: z.array(ZIcMemoVersion),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TIcMemoVersionsResponse = z.infer<typeof ZIcMemoVersionsResponse>;

/** POST /ic-memos/{id}/export-pdf (spec 02 §7: all true by default). */
export const ZExportIcMemoPdfRequest = z.object({
  transformation_mode: z.enum(['full']).default('full'),
  include_financials: z.boolean().default(true),
  include_risks: z.boolean().default(true),
  include_recommendations: z.boolean().default(true),
});
export type TExportIcMemoPdfRequest = z.input<typeof ZExportIcMemoPdfRequest>;
