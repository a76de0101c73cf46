import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TErrorResponse } from '@atempo/contracts';
import type { DatabaseHandle } from '@atempo/db';
import { openTestDatabase } from '@atempo/db/testing';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { type AssistantOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { JobQueue } from '../platform/jobs.ts';
import { createLogger } from '../platform/logger.ts';
import type { DocumentIndexer, FundingIngest } from '../platform/ports.ts';

export type TestDatabase = DatabaseHandle & { url?: string };

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Settings for a test app: its own DATA_DIR, no SPA unless asked, quiet logs. */
export function testConfig(database: TestDatabase, env: Record<string, string> = {}): Config {
  return loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atempo-test-')),
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(tmpdir(), 'atempo-no-web-dist'),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
}

export interface TestServer {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Closes the app (and its job queue), then the database unless it was passed in. */
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  /** Share a database between app instances; the caller then closes it. */
  database?: TestDatabase;
  logStream?: DestinationStream;
  jobs?: JobQueue;
  /** Defaults to the knowledge indexer; null skips indexing. */
  documentIndexer?: DocumentIndexer | null;
  assistant?: AssistantOptions;
  /** Absent: articles from feeds are counted but not stored. */
  fundingIngest?: FundingIngest;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await openTestDatabase());
  const config = testConfig(database, options.env);
  const logger = createLogger(options.logStream ? { logLevel: 'info' } : config, options.logStream);
  const app = await buildApp({
    config,
    database,
    logger,
    jobs: options.jobs,
    documentIndexer: options.documentIndexer,
    assistant: options.assistant,
    fundingIngest: options.fundingIngest,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  /** The success shape, or an error's {detail, code, errors}. */
  body: T & Partial<TErrorResponse>;
  headers: Record<string, string | string[] | number | undefined>;
}

/** One JSON call through the app's full HTTP pipeline (hooks, parsing, validation, serialisation). */
export async function call<T = Record<string, unknown>>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<ApiResponse<T>> {
  const response = await app.inject({
    method,
    url,
    remoteAddress: options.ip,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    payload: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = response.body;
  return {
    status: response.statusCode,
    body: (text ? JSON.parse(text) : undefined) as T & Partial<TErrorResponse>,
    headers: response.headers,
  };
}
