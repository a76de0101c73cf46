import type { TDealIntelligence, TDocumentAnalysis, TKeyMetricName, TOtherCompany } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { notFound } from '../../platform/errors.ts';
import {
  documentsOfDealWithNames,
  orderedMetrics,
  toAnalysis,
  toDocumentListItem,
} from '../documents/index.ts';
import { dealCompany } from './deal-company.ts';

type Intelligence = TDealIntelligence['document_intelligence'];

/** Documents whose facility terms are the deal's terms: a term sheet, or a loan agreement. */
const FACILITY_DOCUMENT_TYPES = new Set(['term_sheet', 'legal_agreement']);

const TYPE_LABELS: Record<TDocumentAnalysis['document_type'], string> = {
  pitch_deck: 'pitch deck',
  financial_model: 'financial model',
  financial_statements: 'financial statements',
  annual_report: 'annual report',
  term_sheet: 'term sheet',
  legal_agreement: 'legal agreement',
  board_report: 'board report',
  other: 'other document',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "Create monthly management accounts" and "create monthly management accounts." are one item. */
const itemKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s.;:!]+$/u, '')
    .replace(/\s+/gu, ' ')
    .trim();

/**
 * What the deal's documents say, together (spec 01 §3 deal intelligence): each metric from the
 * newest document that states it, every risk flag with its document and source, the action items
 * once each, the facility terms of the newest term sheet or loan agreement, and a summary in
 * sentences built from those counts and the newest document's own summary (nothing invented).
 * Documents are taken newest upload first; those still processing or failed are listed but not read.
 */
export async function getDealIntelligence(
  db: Database,
  organizationId: string,
  dealId: string,
): Promise<TDealIntelligence> {
  const deal = await dealCompany(db, organizationId, dealId);
  if (!deal) throw notFound('Deal not found');
  const rows = await documentsOfDealWithNames(db, organizationId, dealId);
  const analysed = rows.flatMap((row) => {
    const analysis = toAnalysis(row);
    return analysis ? [{ id: row.id, name: row.name, analysis }] : [];
  });

  const keyMetrics: Intelligence['key_metrics'] = {};
  const riskFlags: Intelligence['risk_flags'] = [];
  const actionItems = new Map<string, string>();
  let facilityTerms: Intelligence['facility_terms'] = null;
  // A document about another company is read after those about the deal's (its figure for a
  // metric only when none of them states it) and each of its figures carries the warning.
  const aboutTheDeal = analysed.filter(({ analysis }) => !analysis.other_company);
  const aboutAnother = analysed.filter(({ analysis }) => analysis.other_company);
  for (const { id, name, analysis } of [...aboutTheDeal, ...aboutAnother]) {
    const otherCompany = analysis.other_company ?? null;
    for (const [metric, figure] of orderedMetrics(analysis.key_metrics)) {
      keyMetrics[metric as TKeyMetricName] ??= {
        ...figure,
        document_id: id,
        document_name: name,
        ...(otherCompany ? { other_company: otherCompany } : {}),
      };
    }
    for (const flag of analysis.risk_flag_details)
      riskFlags.push({ ...flag, document_id: id, document_name: name });
    for (const item of analysis.action_items) {
      const key = itemKey(item);
      if (key && !actionItems.has(key)) actionItems.set(key, item.trim());
    }
    if (!facilityTerms && analysis.facility_terms && FACILITY_DOCUMENT_TYPES.has(analysis.document_type)) {
      facilityTerms = { ...analysis.facility_terms, document_id: id, document_name: name };
    }
  }

  return {
    deal_id: dealId,
    company_name: deal.companyName,
    document_intelligence: {
      documents: rows.map(toDocumentListItem),
      documents_analysed: analysed.length,
      // Only when there is one, so the answer of an ordinary deal keeps its shape.
      ...(aboutAnother.length > 0
        ? {
            other_company_documents: aboutAnother.map(({ id, name, analysis }) => ({
              ...(analysis.other_company as TOtherCompany),
              document_id: id,
              document_name: name,
            })),
          }
        : {}),
      key_metrics: keyMetrics,
      risk_flags: riskFlags,
      action_items: [...actionItems.values()],
      facility_terms: facilityTerms,
      summary: summarise(rows.length, analysed, riskFlags.length, actionItems.size),
    },
  };
}

function summarise(
  total: number,
  analysed: { name: string; analysis: TDocumentAnalysis }[],
  flags: number,
  actions: number,
): string | null {
  const newest = analysed[0];
  if (!newest) return null;
  const types = [...new Set(analysed.map(({ analysis }) => TYPE_LABELS[analysis.document_type]))].join(', ');
  const counted = `${analysed.length} of ${plural(total, 'document')} analysed (${types}): ${plural(flags, 'risk flag')}, ${plural(actions, 'action item')}.`;
  const latest = newest.analysis.content_summary.trim();
  return latest ? `${counted} Latest, ${newest.name}: ${latest}` : counted;
}
