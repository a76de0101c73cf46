import type {
  TDocumentType,
  TFacilityTerms,
  TKeyMetric,
  TKeyMetricName,
  TProcessingStage,
  TSourcedText,
} from '@atempo/contracts';
import {
  type DocumentFormat,
  type ExtractedDocument,
  type ExtractionLimits,
  extractInSandbox,
} from '@atempo/documents';
import type { DocumentIndexer } from '../../platform/ports.ts';
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

/** How far along each stage is when it starts (extraction is most of the work). */
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

export interface PipelineInput {
  organizationId: string;
  documentId: string;
  filename: string;
  format: DocumentFormat;
  bytes: Uint8Array;
}

export interface PipelineParts {
  analyst: DocumentAnalyst;
  indexer: DocumentIndexer | null;
  extractionLimits?: Partial<ExtractionLimits>;
  /** Called as each stage starts; awaited, so progress is stored before the stage runs. */
  onStage(stage: TProcessingStage, progress: number): Promise<void>;
}

export interface PipelineOutcome {
  documentType: TDocumentType;
  pageCount: number;
  analysis: StoredAnalysis;
}

/**
 * extract → classify → find metrics → risk flags → summary → index. Each stage is a pure function
 * of the file (indexing replaces what an earlier attempt indexed), so a job interrupted anywhere
 * simply runs the whole pipeline again. An unreadable file throws UnreadableDocumentError.
 */
export async function runPipeline(input: PipelineInput, parts: PipelineParts): Promise<PipelineOutcome> {
  const { analyst, onStage } = parts;
  await onStage('extracting', STAGE_PROGRESS.extracting);
  const extracted = await extractInSandbox(input.bytes, input.format, parts.extractionLimits);

  await onStage('classifying', STAGE_PROGRESS.classifying);
  const { document_type: documentType, confidence_score } = await analyst.classify(extracted, input.filename);

  await onStage('finding_metrics', STAGE_PROGRESS.finding_metrics);
  const keyMetrics = analyst.findKeyMetrics(extracted, documentType);
  const facilityTerms = analyst.findFacilityTerms(extracted, documentType);

  await onStage('risk_flags', STAGE_PROGRESS.risk_flags);
  const risks = analyst.assessRisks(extracted, { documentType, keyMetrics, facilityTerms });

  await onStage('summarising', STAGE_PROGRESS.summarising);
  const summary = await analyst.summarise(extracted, documentType);

  // The stage is reported even without an index, so progress reads the same everywhere.
  await onStage('indexing', STAGE_PROGRESS.indexing);
  if (parts.indexer) {
    await parts.indexer.indexDocument({
      organizationId: input.organizationId,
      documentId: input.documentId,
      extracted,
      documentType,
    });
  }

  const converted = Object.values(keyMetrics).filter((metric) => metric?.original);
  const notices = [...extracted.notices];
  const first = converted[0]?.original;
  if (first) {
    notices.push(
      `${converted.length} figure${converted.length === 1 ? ' was' : 's were'} converted from ${first.currency} to EUR at the configured rate of ${first.rate_date}; the original amounts are kept.`,
    );
  }

  return {
    documentType,
    pageCount: extracted.metadata.pageCount || extracted.pages.length || extracted.sheets.length,
    analysis: {
      confidence_score,
      content_summary: summary.content_summary,
      key_metrics: keyMetrics,
      risk_flags: risks.risk_flag_details.map((flag) => flag.text),
      risk_flag_details: risks.risk_flag_details,
      action_items: risks.action_items,
      facility_terms: facilityTerms,
      suggested_folder: summary.suggested_folder,
      notices,
      engine: analyst.engine,
    },
  };
}
