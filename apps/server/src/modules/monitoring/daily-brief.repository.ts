import type { TRedFlag } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { companySubjectsByIds } from '../companies/index.ts';
import { dealChangesBetween } from '../deal-activity/index.ts';
import { dealSubjectsByIds } from '../deals/index.ts';
import { type DocumentCreatedRow, documentsCreatedBetween } from '../documents/index.ts';
import { linkedRoundsCreatedBetween } from '../funding-news/index.ts';
import { signalsDetectedBetween } from '../signals/index.ts';
import type {
  BriefActivityRow,
  BriefAnnouncementRow,
  BriefDocumentRow,
  BriefRows,
  BriefSignalRow,
} from './daily-brief.ts';

/** Rows the brief is built from, per source, newest first. */
const PER_SOURCE_LIMIT = 500;

const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * What changed in the organisation between `start` and `end`: new documents, stage and score
 * changes, market signals, and funding rounds of companies it tracks, each through its owner's door
 * (the deals and companies they name are read once by ids). Every query is bounded by the
 * organisation first.
 */
export async function readBriefRows(
  db: Database,
  organizationId: string,
  period: { start: Date; end: Date },
): Promise<BriefRows> {
  const [documentRows, activityRows, signalRows, roundRows] = await Promise.all([
    documentsCreatedBetween(db, organizationId, period, PER_SOURCE_LIMIT),
    dealChangesBetween(db, organizationId, period, PER_SOURCE_LIMIT),
    signalsDetectedBetween(db, organizationId, period, PER_SOURCE_LIMIT),
    linkedRoundsCreatedBetween(db, organizationId, period, PER_SOURCE_LIMIT),
  ]);
  // The deals and companies the documents, changes, signals and rounds name, read once each by ids.
  const deals = await dealSubjectsByIds(db, organizationId, [
    ...documentRows.flatMap((row) => (row.deal_id ? [row.deal_id] : [])),
    ...activityRows.map((row) => row.deal_id),
  ]);
  const companyOfDocument = (row: DocumentCreatedRow) =>
    row.company_id ?? (row.deal_id ? deals.get(row.deal_id)?.companyId : undefined) ?? null;
  const companies = await companySubjectsByIds(db, organizationId, [
    ...[...deals.values()].map((deal) => deal.companyId),
    ...documentRows.flatMap((row) => companyOfDocument(row) ?? []),
    ...signalRows.flatMap((row) => row.companyId ?? []),
    ...roundRows.flatMap((row) => row.companyId ?? []),
  ]);
  const documentSubject = (row: DocumentCreatedRow) => {
    const deal = row.deal_id ? deals.get(row.deal_id) : undefined;
    const companyId = companyOfDocument(row);
    const company = companyId ? companies.get(companyId) : undefined;
    return {
      dealId: row.deal_id,
      dealNumber: deal?.dealNumber ?? null,
      companyId: company ? companyId : null,
      companyName: company?.name ?? null,
      sector: deal?.sector ?? company?.industry ?? null,
    };
  };
  const documents: BriefDocumentRow[] = documentRows.map((row) => ({
    ...documentSubject(row),
    documentId: row.id as string,
    name: row.name as string,
    status: row.status as string,
    documentType: (row.document_type as string | null) ?? null,
    riskFlags: Array.isArray(row.risk_flags) ? (row.risk_flags as unknown[]).map(String) : [],
    createdAt: date(row.created_at),
  }));
  // A change whose deal or company is not found is left out, as the joins of one statement did.
  const activity: BriefActivityRow[] = activityRows.flatMap((row) => {
    const deal = deals.get(row.deal_id);
    const company = deal ? companies.get(deal.companyId) : undefined;
    if (!deal || !company) return [];
    return [
      {
        dealId: row.deal_id,
        dealNumber: deal.dealNumber,
        companyId: deal.companyId,
        companyName: company.name,
        sector: deal.sector ?? company.industry,
        kind: row.kind as BriefActivityRow['kind'],
        summary: row.summary,
        details: (row.details as Record<string, unknown> | null) ?? {},
        occurredAt: date(row.occurred_at),
        currentRedFlags: Array.isArray(deal.redFlags) ? (deal.redFlags as TRedFlag[]) : [],
      },
    ];
  });
  const signals: BriefSignalRow[] = signalRows.map((row) => {
    const company = row.companyId ? companies.get(row.companyId) : undefined;
    return {
      dealId: null,
      dealNumber: null,
      companyId: company ? row.companyId : null,
      companyName: row.companyName,
      sector: company?.industry ?? null,
      signalId: row.id,
      title: row.title,
      signalType: row.signalType,
      impactLevel: row.impactLevel,
      detectedAt: date(row.detectedAt),
    };
  });
  // Rounds of companies the organisation tracks: one whose company is not found is left out.
  const announcements: BriefAnnouncementRow[] = roundRows.flatMap((row) => {
    const company = row.companyId ? companies.get(row.companyId) : undefined;
    if (!company) return [];
    return [
      {
        dealId: null,
        dealNumber: null,
        companyId: row.companyId,
        companyName: company.name,
        sector: company.industry ?? row.sector ?? null,
        announcementId: row.id,
        title: row.title,
        stage: row.stage ?? null,
        amountRaised: numberOrNull(row.amountRaised),
        currency: row.currency ?? null,
        announcedAt: date(row.announcedAt),
        createdAt: date(row.createdAt),
      },
    ];
  });
  return { documents, activity, signals, announcements };
}
