/**
 * A worker process whose document jobs stop at the indexing stage for good, announcing it with a
 * line 'stalled <document id>' on stdout: a test kills it there (SIGKILL), as a crashed or
 * OOM-killed worker would die, mid-job. Settings come from the environment, as for the server.
 */
import { openDatabase } from '@atempo/db';
import { loadConfig } from '../config.ts';
import { defineJobs } from '../jobs.ts';
import { JobQueue } from '../platform/jobs.ts';
import { createLogger } from '../platform/logger.ts';
import { createMailer } from '../platform/mailer.ts';
import type { DocumentIndexer } from '../platform/ports.ts';
import { createFileStorage } from '../platform/storage/index.ts';

const config = loadConfig(process.env);
const logger = createLogger(config);
const database = await openDatabase({ url: config.databaseUrl, poolSize: 3 });
const stalledIndexer: DocumentIndexer = {
  indexDocument: async ({ documentId }) => {
    process.stdout.write(`stalled ${documentId}\n`);
    return new Promise<never>(() => {});
  },
  removeDocument: async () => {},
};
const jobs = new JobQueue({
  database,
  connectionString: config.databaseUrl,
  logger,
  pollingIntervalSeconds: 1,
  deadWorkerCheck: { expireInSeconds: Number(process.env.JOB_EXPIRE_SECONDS), maintenanceIntervalSeconds: 1 },
});
defineJobs(jobs, {
  config,
  db: database.db,
  mailer: createMailer(config, logger),
  logger,
  storage: createFileStorage(config.storage),
  documentIndexer: stalledIndexer,
});
await jobs.start({ work: true });
process.stdout.write('ready\n');
