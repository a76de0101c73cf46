import type { TDailyBrief, TMonitoringSubscription, TStartMonitoringResponse } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import { getUser } from '../users/index.ts';
import { DAILY_BRIEF_CRON } from './daily-brief.job.ts';
import { readBriefRows } from './daily-brief.repository.ts';
import { BRIEF_WINDOW_HOURS, buildDailyBrief } from './daily-brief.ts';
import * as subscriptions from './subscriptions.repository.ts';

/** The daily brief and each user's subscription to it (decision 030), for one caller. */

export interface Caller {
  organizationId: string;
  userId: string;
}

/** What changed in the organisation in the last 24 hours, unfiltered. */
export async function dailyBrief(db: Database, organizationId: string): Promise<TDailyBrief> {
  const end = new Date();
  const start = new Date(end.getTime() - BRIEF_WINDOW_HOURS * 60 * 60 * 1000);
  return buildDailyBrief(await readBriefRows(db, organizationId, { start, end }), { start, end });
}

function toSubscription(
  row: subscriptions.MonitoringSubscriptionRow | undefined,
  email: string,
): TMonitoringSubscription {
  return {
    status: row ? 'scheduled' : 'stopped',
    subscription_id: row?.id ?? null,
    portfolio_companies: (row?.portfolioCompanies as string[] | undefined) ?? [],
    sectors: (row?.sectors as string[] | undefined) ?? [],
    schedule: DAILY_BRIEF_CRON,
    email,
  };
}

const emailOf = async (db: Database, caller: Caller) => (await getUser(db, caller.userId)).email;

export async function monitoringSubscription(db: Database, caller: Caller): Promise<TMonitoringSubscription> {
  const row = await subscriptions.findSubscription(db, caller.organizationId, caller.userId);
  return toSubscription(row, await emailOf(db, caller));
}

/** Starting again replaces the lists rather than adding a second subscription. */
export async function startMonitoring(
  db: Database,
  caller: Caller,
  request: { portfolio_companies: string[]; sectors: string[] },
): Promise<TStartMonitoringResponse> {
  const row = await subscriptions.upsertSubscription(db, {
    organizationId: caller.organizationId,
    userId: caller.userId,
    portfolioCompanies: request.portfolio_companies,
    sectors: request.sectors,
  });
  return { ...toSubscription(row, await emailOf(db, caller)), status: 'scheduled', subscription_id: row.id };
}

/** Stops the emails; stopping when none are sent changes nothing. */
export async function stopMonitoring(db: Database, caller: Caller): Promise<TMonitoringSubscription> {
  await subscriptions.deleteSubscription(db, caller.organizationId, caller.userId);
  return toSubscription(undefined, await emailOf(db, caller));
}
