import type { Database, DatabaseHandle } from '@atempo/db';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { AccessTokens, Guards } from './auth.ts';
import type { JobQueue } from './jobs.ts';
import type { Mailer } from './mailer.ts';
import type { DocumentIndexer, FundingIngest } from './ports.ts';
import type { FileStorage } from './storage/index.ts';

/** What every module gets from the app: settings, data access, queues, mail and the auth guards. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  logger: Logger;
  accessTokens: AccessTokens;
  guards: Guards;
  /** Uploaded files' bytes (DATA_DIR/files or S3). */
  storage: FileStorage;
  /** Makes analysed documents searchable; null until a search index is wired in. */
  documentIndexer: DocumentIndexer | null;
  /** Where fetched feed articles go: the product's ingest (announcements, then signals) or a test's. */
  fundingIngest: FundingIngest;
}

/** What job handlers get: no HTTP parts, since workers may run without the API. */
export type JobDependencies = Pick<
  AppContext,
  'config' | 'db' | 'mailer' | 'logger' | 'storage' | 'documentIndexer'
> &
  Partial<Pick<AppContext, 'fundingIngest' | 'jobs'>>;
