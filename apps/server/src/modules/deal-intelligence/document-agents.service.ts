import {
  KEY_METRIC_NAMES,
  type TDocumentAnalysis,
  type TDocumentFinancialSummary,
  type TDocumentRiskAssessment,
} from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { analysedDocument } from './analysed-document.ts';
import { riskLevel } from './risk-level.ts';

/** The organisation's currency (decision 005); the analyst converts other currencies into it. */
const ORGANISATION_CURRENCY = 'EUR';

/** GET /agents/document-intelligence/analyse/{id}. */
export async function analyseDocument(
  db: Database,
  organizationId: string,
  id: string,
): Promise<TDocumentAnalysis> {
  return (await analysedDocument(db, organizationId, id)).analysis;
}

/** GET /agents/document-intelligence/{id}/financial-summary: the figures, each with its source. */
export async function financialSummary(
  db: Database,
  organizationId: string,
  id: string,
): Promise<TDocumentFinancialSummary> {
  const { analysis } = await analysedDocument(db, organizationId, id);
  return {
    document_id: analysis.document_id,
    filename: analysis.filename,
    document_type: analysis.document_type,
    currency: ORGANISATION_CURRENCY,
    key_metrics: analysis.key_metrics,
    metrics_not_found: KEY_METRIC_NAMES.filter((name) => !analysis.key_metrics[name]),
    facility_terms: analysis.facility_terms,
    processed_at: analysis.processed_at,
  };
}

/** GET /agents/document-intelligence/{id}/risk-assessment: flags with sources, a level and why. */
export async function riskAssessment(
  db: Database,
  organizationId: string,
  id: string,
): Promise<TDocumentRiskAssessment> {
  const { analysis } = await analysedDocument(db, organizationId, id);
  const { level, rationale } = riskLevel(analysis.risk_flag_details);
  return {
    document_id: analysis.document_id,
    filename: analysis.filename,
    document_type: analysis.document_type,
    risk_level: level,
    rationale,
    risk_flags: analysis.risk_flag_details,
    action_items: analysis.action_items,
    processed_at: analysis.processed_at,
  };
}
