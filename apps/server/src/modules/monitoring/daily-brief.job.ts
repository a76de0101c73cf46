import type { JobDependencies } from '../../platform/context.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { readBriefRows } from './daily-brief.repository.ts';
import { BRIEF_WINDOW_HOURS, buildDailyBrief } from './daily-brief.ts';
import { dailyBriefEmail } from './daily-brief-email.ts';
import { listDueSubscriptions } from './due-subscriptions.ts';
import { markSent } from './subscriptions.repository.ts';

export const SEND_DAILY_BRIEFS = 'send-daily-briefs';
/** Every day at 07:00 UTC, before a European deal team's morning. */
export const DAILY_BRIEF_CRON = '0 7 * * *';
/** A brief sent less than this long ago is not sent again (a retried or repeated run). */
const RESEND_AFTER_MS = 20 * 60 * 60 * 1000;

/**
 * Emails each subscriber the brief of the last 24 hours, filtered to the companies and sectors they
 * follow. A subscriber with nothing new that they follow gets no email that day. Each sent brief is
 * marked, so a retry after a failure sends only the briefs still due.
 */
export function dailyBriefJob(deps: JobDependencies): JobDefinition<{ now?: string }> {
  return {
    name: SEND_DAILY_BRIEFS,
    cron: DAILY_BRIEF_CRON,
    retryLimit: 3,
    expireInSeconds: 30 * 60,
    handler: async (data, { logger }) => {
      const end = data.now ? new Date(data.now) : new Date();
      const start = new Date(end.getTime() - BRIEF_WINDOW_HOURS * 60 * 60 * 1000);
      const due = await listDueSubscriptions(deps.db, new Date(end.getTime() - RESEND_AFTER_MS));
      const rowsByOrganization = new Map<string, Awaited<ReturnType<typeof readBriefRows>>>();
      let sent = 0;
      for (const subscription of due) {
        let rows = rowsByOrganization.get(subscription.organizationId);
        if (!rows) {
          rows = await readBriefRows(deps.db, subscription.organizationId, { start, end });
          rowsByOrganization.set(subscription.organizationId, rows);
        }
        const brief = buildDailyBrief(
          rows,
          { start, end },
          {
            companies: subscription.portfolioCompanies,
            sectors: subscription.sectors,
          },
        );
        if (brief.total_items > 0) {
          await deps.mailer.send(dailyBriefEmail(brief, subscription, deps.config.publicUrl));
          sent++;
        }
        await markSent(deps.db, subscription.id, end);
      }
      logger.info({ subscriptions: due.length, sent }, 'Daily briefs sent');
    },
  };
}
