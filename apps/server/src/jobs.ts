import { ingestIntoAnnouncements } from './ingest-and-scan.ts';
import { passwordResetEmailJob } from './modules/auth/index.ts';
import { dashboardSnapshotsJob } from './modules/dashboard/index.ts';
import { defineSourceJobs } from './modules/funding-news/index.ts';
import { scheduledIngestionJob } from './modules/integrations/index.ts';
import { dailyBriefJob } from './modules/monitoring/index.ts';
import { invitationEmailJob } from './modules/organizations/index.ts';
import { defineScoringJobs } from './modules/scoring/index.ts';
import { defineSignalJobs } from './modules/signals/index.ts';
import type { JobDependencies } from './platform/context.ts';
import type { JobQueue } from './platform/jobs.ts';
import { workflowJobs } from './platform/workflows/index.ts';
import { WORKFLOW_CATALOGUE } from './workflow-catalogue.ts';

/** Every background job of the server; API processes send them, worker processes run them. */
export function defineJobs(jobs: JobQueue, deps: JobDependencies): void {
  jobs.define(passwordResetEmailJob(deps));
  jobs.define(invitationEmailJob(deps));
  defineScoringJobs(jobs, deps);
  // Steps that start further work (an ingestion queues each document's analysis) need the queue.
  for (const job of workflowJobs({ ...deps, jobs }, WORKFLOW_CATALOGUE)) jobs.define(job);
  jobs.define(dashboardSnapshotsJob(deps));
  defineSourceJobs(jobs, {
    ...deps,
    fundingIngest: deps.fundingIngest ?? ingestIntoAnnouncements({ ...deps, jobs }),
  });
  defineSignalJobs(jobs, deps);
  jobs.define(dailyBriefJob(deps));
  jobs.define(scheduledIngestionJob({ ...deps, jobs }));
}
