import type { Database } from '@atempo/db';
import { z } from 'zod';
import type { JobDependencies } from '../../platform/context.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { catalogued, startWorkflow, type WorkflowDefinition } from '../../platform/workflows/index.ts';

import { emailAlerts, notifyAlerts, postAlertsToSlack } from '../alerts/index.ts';
import { companyNamedIn } from '../companies/index.ts';
import { getThesis } from '../thesis/index.ts';

import { recentDocumentFacts } from './document-facts.ts';
import { deriveSignals, foldedRoundKeys } from './rules/derive-signals.ts';
import { DOCUMENT_PASSAGE_QUERY } from './rules/document-evidence.ts';
import { ruleContext } from './rules/rule-context.ts';
import { loadCompanies, loadRounds } from './scan-inputs.ts';
import * as repository from './signals.repository.ts';
import { updateTrackedCompanies } from './tracked-company-rounds.ts';

/** Rounds announced, and documents processed, within this many days are read by a full scan. */
export const SCAN_WINDOW_DAYS = 90;
/** At most this many rounds per scan (newest first). */
export const SCAN_MAX_ROUNDS = 5_000;
/** Documents of the scanned companies processed within the window are read, at most this many (newest first)… */
export const SCAN_MAX_DOCUMENTS = 500;
/** …and of each, at most this many passages with listing or competition words, in reading order. */
export const SCAN_PASSAGES_PER_DOCUMENT = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ScanOptions {
  /** Derive per-round signals for these announcements only (after an ingest); clusters still see the window. */
  announcementIds?: readonly string[];
  now?: Date;
}

export interface ScanResult {
  rounds: number;
  documents: number;
  signals: number;
  inserted: number;
  updated: number;
}

/** Derives the organisation's signals and stores them (a rescan updates rather than duplicates). */
export async function deriveAndStoreSignals(
  db: Database,
  organizationId: string,
  options: ScanOptions = {},
): Promise<ScanResult> {
  const now = options.now ?? new Date();
  const ids = options.announcementIds ?? [];
  const windowStart = new Date(now.getTime() - SCAN_WINDOW_DAYS * DAY_MS);
  const rounds = await loadRounds(db, organizationId, windowStart, SCAN_MAX_ROUNDS, ids);
  const companies = await loadCompanies(
    db,
    organizationId,
    rounds.flatMap((round) => (round.companyId ? [round.companyId] : [])),
    rounds.map((round) => round.companyName),
  );
  // A round names a tracked company by link (from the extraction) or by name (the matcher's key).
  const known = new Set(companies.map((company) => company.id));
  const linked = rounds.map((round) => ({
    ...round,
    companyId:
      round.companyId && known.has(round.companyId)
        ? round.companyId
        : (companyNamedIn(companies, round.companyName)?.id ?? null),
  }));
  // A scan of named rounds reads documents only for threats to our companies (with a deal or
  // watched); the standing document signals come from full scans.
  const readers = options.announcementIds
    ? companies.filter((company) => company.hasDeal || company.watched)
    : companies;
  const documents = await recentDocumentFacts(db, organizationId, {
    companyIds: readers.map((company) => company.id),
    since: windowStart,
    limit: SCAN_MAX_DOCUMENTS,
    passagesMatching: DOCUMENT_PASSAGE_QUERY,
    passagesPerDocument: SCAN_PASSAGES_PER_DOCUMENT,
  });
  const thesis = await getThesis(db, organizationId);
  const context = ruleContext({
    thesis,
    rounds: linked,
    focusIds: options.announcementIds,
    companies,
    documents,
    now,
  });
  const derived = deriveSignals(context);
  const stored = await repository.upsertSignals(db, organizationId, derived);
  // One signal per round: what earlier scans stored for a further report of a round, or beside it.
  await repository.deleteFoldedSignals(db, organizationId, {
    announcementIds: context.duplicateAnnouncementIds,
    keys: context.focus.flatMap((round) => foldedRoundKeys(round.id)),
  });
  await updateTrackedCompanies(db, organizationId, context.focus);
  return {
    rounds: rounds.length,
    documents: documents.length,
    signals: derived.length,
    inserted: stored.inserted,
    updated: stored.updated,
  };
}

/**
 * The whole scan: derive and store signals, notify members of new alerts, send the batched
 * emails and Slack posts. Each part is idempotent, so a retried scan sends nothing twice.
 */
export async function scanSignals(
  deps: Pick<JobDependencies, 'db' | 'mailer' | 'config'>,
  organizationId: string,
  options: ScanOptions = {},
) {
  const now = options.now ?? new Date();
  const derived = await deriveAndStoreSignals(deps.db, organizationId, { ...options, now });
  const notifications = await notifyAlerts(deps, organizationId, now);
  const emails = await emailAlerts(deps, organizationId, now);
  const slack = await postAlertsToSlack(deps, organizationId, now, repository.markSlackPosted);
  return { ...derived, notifications, emails, slack_posts: slack };
}

export const MARKET_SIGNAL_SCAN = 'market_signal_scan';

const ZScanInput = z.object({ announcement_ids: z.array(z.uuid()).max(10_000).optional() });
type ScanInput = z.infer<typeof ZScanInput>;

/**
 * The scan as a workflow (the runner's job, 'run-workflow'): derivation, then in-app
 * notifications, then email and Slack, so a failed delivery retries without re-deriving.
 */
export const marketSignalScan: WorkflowDefinition<ScanInput> = {
  type: MARKET_SIGNAL_SCAN,
  input: ZScanInput,
  steps: [
    {
      name: 'derive_signals',
      run: ({ deps, organizationId, input }) =>
        deriveAndStoreSignals(deps.db, organizationId, { announcementIds: input.announcement_ids }),
    },
    { name: 'notify', run: ({ deps, organizationId }) => notifyAlerts(deps, organizationId, new Date()) },
    { name: 'email', run: ({ deps, organizationId }) => emailAlerts(deps, organizationId, new Date()) },
    {
      name: 'slack',
      run: ({ deps, organizationId }) =>
        postAlertsToSlack(deps, organizationId, new Date(), repository.markSlackPosted),
    },
  ],
  result: (outputs) => ({
    ...(outputs.derive_signals as object),
    notifications: outputs.notify ?? 0,
    emails: outputs.email ?? 0,
    slack_posts: outputs.slack ?? 0,
  }),
};
export const MARKET_SIGNAL_SCAN_WORKFLOW = catalogued(marketSignalScan);

/**
 * Queues a scan; answers the execution id to poll at GET /agents/workflows/{id}/status. After an
 * ingest, pass the new announcements' ids.
 */
export function queueSignalScan(
  target: { db: Database; jobs: JobQueue },
  organizationId: string,
  options: { userId?: string | null; announcementIds?: string[] } = {},
): Promise<string> {
  return startWorkflow(target, marketSignalScan, {
    organizationId,
    userId: options.userId ?? null,
    input: options.announcementIds ? { announcement_ids: options.announcementIds } : {},
  });
}
