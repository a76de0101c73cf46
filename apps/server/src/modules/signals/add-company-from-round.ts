import type { TAddCompanyFromSignalResponse } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { JobQueue } from '../../platform/jobs.ts';
import { getFundingAnnouncement } from '../funding-news/index.ts';
import { addCompanyFromSignal } from './add-company-from-signal.ts';
import { deriveAndStoreSignals } from './signal-scan.ts';
import * as repository from './signals.repository.ts';
import { signalNotFound } from './signals.service.ts';

/**
 * "Add to companies" on a Live Funding Signals card: the same as adding from the round's
 * funding_round signal. A round the scan has not reached yet (it runs as a job after an ingest)
 * has its signal derived here first, so the card's action never depends on the job's timing.
 */
export async function addCompanyFromRound(
  target: { db: Database; jobs: JobQueue },
  caller: { organizationId: string; userId: string },
  announcementId: string,
): Promise<TAddCompanyFromSignalResponse> {
  const { db } = target;
  const { organizationId } = caller;
  // 404 for an unknown id or another organisation's round, before anything is derived.
  await getFundingAnnouncement(db, organizationId, announcementId);
  // The round's signal, also when this announcement is a further report of a round (round-identity.ts).
  let signalId = await repository.findRoundSignalId(db, organizationId, announcementId);
  if (!signalId) {
    await deriveAndStoreSignals(db, organizationId, { announcementIds: [announcementId] });
    signalId = await repository.findRoundSignalId(db, organizationId, announcementId);
  }
  if (!signalId) throw signalNotFound();
  return addCompanyFromSignal(target, caller, signalId);
}
