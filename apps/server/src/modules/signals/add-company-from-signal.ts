import { confidenceLevel, type TAddCompanyFromSignalResponse } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { AppError, conflict } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { createCompany, findCompanyByName } from '../companies/index.ts';
import { type AnnouncementRow, findAnnouncementRow, linkRoundsToCompany } from '../funding-news/index.ts';
import { queueSignalScan } from './signal-scan.ts';
import * as repository from './signals.repository.ts';
import { signalNotFound, toSignal } from './signals.service.ts';

/** The company as the announcement describes it: source discovery, confidence from the extraction. */
function companyFrom(announcement: AnnouncementRow) {
  const investors = Array.isArray(announcement.investors)
    ? announcement.investors.filter((item): item is string => typeof item === 'string').slice(0, 200)
    : [];
  const place = announcement.country ?? (announcement.region !== 'Unknown' ? announcement.region : null);
  return {
    name: announcement.companyName.slice(0, 200),
    industry: announcement.sector?.slice(0, 200) ?? null,
    headquarters_country: place?.slice(0, 200) ?? null,
    stage: announcement.stage?.slice(0, 50) ?? null,
    last_funding_amount: announcement.amountEur,
    investors,
    source: 'discovery' as const,
    confidence_score: Math.min(1, Math.max(0, announcement.confidenceScore)),
    source_articles: [
      {
        title: announcement.title.slice(0, 500),
        url: announcement.sourceUrl?.slice(0, 2048) ?? null,
        snippet: announcement.summary?.slice(0, 2000) ?? null,
        source: announcement.sourceName.slice(0, 200),
        published_date: announcement.announcedAt.toISOString(),
        type: 'funding_announcement' as const,
      },
    ],
  };
}

/** The organisation's company of the announcement's name (normalised), else a new one from it. */
async function companyOf(db: Database, organizationId: string, announcement: AnnouncementRow) {
  const existing = await findCompanyByName(db, organizationId, announcement.companyName);
  if (existing) return { company: existing, created: false };
  try {
    return { company: await createCompany(db, organizationId, companyFrom(announcement)), created: true };
  } catch (error) {
    // Added under this name since the look-up (another person, another click): link to that one.
    if (!(error instanceof AppError) || error.code !== 'COMPANY_EXISTS') throw error;
    const raced = await findCompanyByName(db, organizationId, announcement.companyName);
    if (!raced) throw error;
    return { company: raced, created: false };
  }
}

/**
 * Makes the company a signal names one of the organisation's companies: the existing company of
 * that name (case, accents, punctuation and legal suffixes ignored) when there is one, else a new
 * one from the announcement. Its announcements and their signals are linked to it, and a scan of
 * those announcements is queued, so the signals are derived again as about a tracked company.
 */
export async function addCompanyFromSignal(
  target: { db: Database; jobs: JobQueue },
  caller: { organizationId: string; userId: string },
  signalId: string,
): Promise<TAddCompanyFromSignalResponse> {
  const { organizationId } = caller;
  const signal = await repository.findSignal(target.db, organizationId, signalId);
  if (!signal) throw signalNotFound();
  if (signal.companyId) {
    throw conflict(`${signal.companyName} is already one of your companies`, 'ALREADY_TRACKED');
  }
  const announcement = signal.announcementId
    ? await findAnnouncementRow(target.db, organizationId, signal.announcementId)
    : undefined;
  if (!announcement) {
    throw new AppError(422, 'NO_COMPANY_IN_SIGNAL', 'This signal names no single company to add');
  }
  const { company, created, announcementIds } = await target.db.transaction(async (tx) => {
    const found = await companyOf(tx, organizationId, announcement);
    const linked = await linkRoundsToCompany(tx, organizationId, announcement.companyName, found.company.id);
    // The signal's own announcement too: it may have been linked to the company at ingest.
    const ids = [...new Set([announcement.id, ...linked])];
    await repository.linkSignalsOfAnnouncements(tx, organizationId, ids, found.company.id);
    return { ...found, announcementIds: ids };
  });
  const scanExecutionId = await queueSignalScan(target, organizationId, {
    userId: caller.userId,
    announcementIds,
  });
  const updated = await repository.findSignal(target.db, organizationId, signalId);
  return {
    company_id: company.id,
    company_name: company.name,
    created,
    confidence_score: company.confidenceScore,
    confidence_level: confidenceLevel(company.confidenceScore),
    signal: toSignal(updated ?? signal),
    scan_execution_id: scanExecutionId,
  };
}
