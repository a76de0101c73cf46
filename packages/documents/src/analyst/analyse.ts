/**
 * analyseDocument: the built-in analyst end to end (classify → metrics → facility terms → risks →
 * summary). Deterministic and offline (DESIGN.md §5); the server's pipeline calls the stages one by
 * one to report progress, this composes them for callers that want the whole analysis at once.
 */
import type { TDocumentAnalysis } from '@atempo/contracts';
import type { ExtractedDocument } from '../types.ts';
import { classifyDocument } from './classify.ts';
import { findFacilityTerms } from './facility.ts';
import type { FxRates } from './fx-rates.ts';
import { findKeyMetrics } from './metrics.ts';
import { assessRisks } from './risks.ts';
import { summariseDocument } from './summary.ts';

export const BUILT_IN_ANALYST = { provider: 'built-in', model: 'atempo-analyst-1' } as const;

export type BuiltInAnalysis = Pick<
  TDocumentAnalysis,
  | 'document_type'
  | 'confidence_score'
  | 'key_metrics'
  | 'facility_terms'
  | 'risk_flags'
  | 'risk_flag_details'
  | 'action_items'
  | 'content_summary'
  | 'suggested_folder'
  | 'notices'
  | 'page_count'
>;

export interface AnalyseOptions {
  filename: string;
  baseCurrency?: string;
  fxRates?: FxRates;
}

export function analyseDocument(doc: ExtractedDocument, options: AnalyseOptions): BuiltInAnalysis {
  const { document_type, confidence_score } = classifyDocument(doc, options.filename);
  const key_metrics = findKeyMetrics(doc, document_type, {
    baseCurrency: options.baseCurrency,
    fxRates: options.fxRates,
  });
  const facility_terms = findFacilityTerms(doc, document_type, { fxRates: options.fxRates });
  const { risk_flag_details, action_items } = assessRisks(doc, {
    documentType: document_type,
    keyMetrics: key_metrics,
    facilityTerms: facility_terms,
  });
  const { content_summary, suggested_folder } = summariseDocument(doc, document_type);
  const converted = Object.values(key_metrics).filter((m) => m?.original);
  const notices = [...doc.notices];
  if (converted.length > 0) {
    const first = converted[0]?.original;
    notices.push(
      `${converted.length} figure${converted.length === 1 ? ' was' : 's were'} converted from ${first?.currency} to EUR at the configured rate of ${first?.rate_date}; the original amounts are kept.`,
    );
  }
  return {
    document_type,
    confidence_score,
    key_metrics,
    facility_terms,
    risk_flags: risk_flag_details.map((f) => f.text),
    risk_flag_details,
    action_items,
    content_summary,
    suggested_folder,
    notices,
    page_count: doc.metadata.pageCount || doc.pages.length || doc.sheets.length,
  };
}
