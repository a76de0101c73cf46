import { ingestIntoAnnouncements } from './ingest-and-scan.ts';
import { passwordResetEmailJob } from './modules/auth/password-reset-email.job.ts';
import { dashboardSnapshotsJob } from './modules/dashboard/dashboard-snapshots.job.ts';
import { defineSourceJobs } from './modules/funding-news/feed-sources.jobs.ts';
import { dailyBriefJob } from './modules/monitoring/daily-brief.job.ts';
import { invitationEmailJob } from './modules/organizations/invitation-email.job.ts';
import { defineScoringJobs } from './modules/scoring/rescore.jobs.ts';
import { defineSignalJobs } from './modules/signals/signals.jobs.ts';
import type { JobDependencies } from './platform/context.ts';
import type { JobQueue } from './platform/jobs.ts';
import { workflowJobs } from './platform/workflows/index.ts';
import { WORKFLOW_CATALOGUE } from './workflow-catalogue.ts';

/** Every background job of the server; API processes send them, worker processes run them. */
export function defineJobs(jobs: JobQueue, deps: JobDependencies): void {
  jobs.define(passwordResetEmailJob(deps));
  jobs.define(invitationEmailJob(deps));
  defineScoringJobs(jobs, deps);
  for (const job of workflowJobs(deps, WORKFLOW_CATALOGUE)) jobs.define(job);
  jobs.define(dashboardSnapshotsJob(deps));
  defineSourceJobs(jobs, {
    ...deps,
    fundingIngest: deps.fundingIngest ?? ingestIntoAnnouncements({ ...deps, jobs }),
  });
  defineSignalJobs(jobs, deps);
  jobs.define(dailyBriefJob(deps));
}
