import type { TRedFlag } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/sql-rows.ts';
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
 * changes, market signals, and funding rounds of companies it tracks. Every query is bounded by the
 * organisation first.
 */
export async function readBriefRows(
  db: Database,
  organizationId: string,
  period: { start: Date; end: Date },
): Promise<BriefRows> {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  const [documentRows, activityRows, signalRows, announcementRows] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`select d.id, d.name, d.status, d.document_type, d.created_at, d.deal_id, dl.deal_number,
                 co.id as company_id, co.name as company_name, coalesce(dl.sector, co.industry) as sector,
                 coalesce(d.analysis -> 'risk_flags', '[]'::jsonb) as risk_flags
          from documents d
          left join deals dl on dl.id = d.deal_id and dl.organization_id = d.organization_id
          left join companies co on co.id = coalesce(d.company_id, dl.company_id) and co.organization_id = d.organization_id
          where d.organization_id = ${organizationId} and d.created_at > ${start} and d.created_at <= ${end}
          order by d.created_at desc limit ${PER_SOURCE_LIMIT}`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select a.deal_id, a.kind, a.summary, a.details, a.occurred_at, dl.deal_number, dl.red_flags,
                 co.id as company_id, co.name as company_name, coalesce(dl.sector, co.industry) as sector
          from deal_activity a
          join deals dl on dl.id = a.deal_id and dl.organization_id = a.organization_id
          join companies co on co.id = dl.company_id
          where a.organization_id = ${organizationId} and a.kind in ('stage_changed', 'score_changed')
            and a.occurred_at > ${start} and a.occurred_at <= ${end}
          order by a.occurred_at desc limit ${PER_SOURCE_LIMIT}`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select s.id, s.title, s.signal_type, s.impact_level, s.detected_at, s.company_name,
                 co.id as company_id, co.industry as sector
          from market_signals s
          left join companies co on co.id = s.company_id and co.organization_id = s.organization_id
          where s.organization_id = ${organizationId} and s.detected_at > ${start} and s.detected_at <= ${end}
          order by s.detected_at desc limit ${PER_SOURCE_LIMIT}`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select f.id, f.title, f.stage, f.amount_raised, f.currency, f.announced_at, f.created_at,
                 co.id as company_id, co.name as company_name, coalesce(co.industry, f.sector) as sector
          from funding_announcements f
          join companies co on co.id = f.company_id and co.organization_id = f.organization_id
          where f.organization_id = ${organizationId} and f.created_at > ${start} and f.created_at <= ${end}
          order by f.created_at desc limit ${PER_SOURCE_LIMIT}`,
    ),
  ]);
  const subject = (row: Record<string, unknown>) => ({
    dealId: (row.deal_id as string | null) ?? null,
    dealNumber: numberOrNull(row.deal_number),
    companyId: (row.company_id as string | null) ?? null,
    companyName: (row.company_name as string | null) ?? null,
    sector: (row.sector as string | null) ?? null,
  });
  const documents: BriefDocumentRow[] = documentRows.map((row) => ({
    ...subject(row),
    documentId: row.id as string,
    name: row.name as string,
    status: row.status as string,
    documentType: (row.document_type as string | null) ?? null,
    riskFlags: Array.isArray(row.risk_flags) ? (row.risk_flags as unknown[]).map(String) : [],
    createdAt: date(row.created_at),
  }));
  const activity: BriefActivityRow[] = activityRows.map((row) => ({
    ...subject(row),
    dealId: row.deal_id as string,
    kind: row.kind as BriefActivityRow['kind'],
    summary: row.summary as string,
    details: (row.details as Record<string, unknown> | null) ?? {},
    occurredAt: date(row.occurred_at),
    currentRedFlags: Array.isArray(row.red_flags) ? (row.red_flags as TRedFlag[]) : [],
  }));
  const signals: BriefSignalRow[] = signalRows.map((row) => ({
    ...subject(row),
    signalId: row.id as string,
    title: row.title as string,
    signalType: row.signal_type as string,
    impactLevel: row.impact_level as string,
    detectedAt: date(row.detected_at),
  }));
  const announcements: BriefAnnouncementRow[] = announcementRows.map((row) => ({
    ...subject(row),
    announcementId: row.id as string,
    title: row.title as string,
    stage: (row.stage as string | null) ?? null,
    amountRaised: numberOrNull(row.amount_raised),
    currency: (row.currency as string | null) ?? null,
    announcedAt: date(row.announced_at),
    createdAt: date(row.created_at),
  }));
  return { documents, activity, signals, announcements };
}
