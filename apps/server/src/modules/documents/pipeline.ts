import type {
  TDocumentIssuer,
  TDocumentType,
  TFacilityTerms,
  TKeyMetric,
  TKeyMetricName,
  TOtherCompany,
  TProcessingStage,
  TSourcedText,
} from '@atempo/contracts';
import type { ExtractedDocument } from '@atempo/documents';
import type { StoredAnalysis } from './document-columns.ts';

/**
 * The analysis stages after extraction. The built-in analyst (deterministic, no model) is the
 * default; a language-model analyst may refine classification and summary, never the figures.
 */
export interface DocumentAnalyst {
  engine: { provider: string; model: string };
  /** May be asynchronous: a configured model refines the built-in classification (decision 026). */
  classify(
    doc: ExtractedDocument,
    filename: string,
  ):
    | { document_type: TDocumentType; confidence_score: number }
    | Promise<{ document_type: TDocumentType; confidence_score: number }>;
  findKeyMetrics(doc: ExtractedDocument, type: TDocumentType): Partial<Record<TKeyMetricName, TKeyMetric>>;
  findFacilityTerms(doc: ExtractedDocument, type: TDocumentType): TFacilityTerms | null;
  assessRisks(
    doc: ExtractedDocument,
    input: {
      documentType: TDocumentType;
      keyMetrics: Partial<Record<TKeyMetricName, TKeyMetric>>;
      facilityTerms: TFacilityTerms | null;
    },
  ): { risk_flag_details: TSourcedText[]; action_items: string[] };
  summarise(
    doc: ExtractedDocument,
    type: TDocumentType,
  ):
    | { content_summary: string; suggested_folder: string }
    | Promise<{ content_summary: string; suggested_folder: string }>;
}

/** How far along each stage is when it starts (extraction is most of the work); pollers read these. */
export const STAGE_PROGRESS: Record<TProcessingStage, number> = {
  queued: 0,
  extracting: 5,
  classifying: 40,
  finding_metrics: 55,
  risk_flags: 70,
  summarising: 80,
  indexing: 90,
  completed: 100,
  failed: 0,
};

/**
 * What each analysis step keeps on its step row (processing.workflow.ts), so a retried job resumes
 * after the last completed one. The extracted text is not among them: it can be megabytes, and
 * extraction is a pure function of the stored file, so a resumed attempt extracts again.
 * `notices` are those the step added (a model-refined summary says so).
 */
export interface ProcessingOutputs {
  extract: { page_count: number; notices: string[] };
  classify: { document_type: TDocumentType; confidence_score: number; notices: string[] };
  metrics: {
    key_metrics: Partial<Record<TKeyMetricName, TKeyMetric>>;
    facility_terms: TFacilityTerms | null;
    notices: string[];
  };
  risks: { risk_flag_details: TSourcedText[]; action_items: string[]; notices: string[] };
  summary: {
    content_summary: string;
    suggested_folder: string;
    notices: string[];
    /** Absent on steps recorded before issue 18. */
    issuer?: TDocumentIssuer | null;
    other_company?: TOtherCompany | null;
  };
}

export interface ProcessingOutcome {
  documentType: TDocumentType;
  pageCount: number;
  analysis: StoredAnalysis;
}

/** The document's analysis from its steps' outputs, with the notice naming any currency conversion. */
export function composeAnalysis(
  steps: ProcessingOutputs,
  engine: DocumentAnalyst['engine'],
): ProcessingOutcome {
  const { extract, classify, metrics, risks, summary } = steps;
  const converted = Object.values(metrics.key_metrics).filter((metric) => metric?.original);
  const notices = [extract, classify, metrics, risks, summary].flatMap((step) => step.notices);
  const first = converted[0]?.original;
  if (first) {
    notices.push(
      `${converted.length} figure${converted.length === 1 ? ' was' : 's were'} converted from ${first.currency} to EUR at the configured rate of ${first.rate_date}; the original amounts are kept.`,
    );
  }
  return {
    documentType: classify.document_type,
    pageCount: extract.page_count,
    analysis: {
      confidence_score: classify.confidence_score,
      content_summary: summary.content_summary,
      key_metrics: metrics.key_metrics,
      risk_flags: risks.risk_flag_details.map((flag) => flag.text),
      risk_flag_details: risks.risk_flag_details,
      action_items: risks.action_items,
      facility_terms: metrics.facility_terms,
      suggested_folder: summary.suggested_folder,
      notices,
      issuer: summary.issuer ?? null,
      other_company: summary.other_company ?? null,
      engine,
    },
  };
}
