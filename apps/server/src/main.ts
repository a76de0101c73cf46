import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { defineJobs } from './jobs.ts';
import { MCP_PATH, startMcpHttp } from './mcp/mcp-http.ts';
import { ASSISTANT_TOOLS } from './modules/assistant/index.ts';
import { createDocumentIndexer } from './modules/knowledge/index.ts';
import { countOrganizations } from './modules/organizations/index.ts';
import { DatabaseInUseError, openConfiguredDatabase } from './platform/database.ts';
import { JobQueue } from './platform/jobs.ts';
import { createLogger } from './platform/logger.ts';
import { createMailer } from './platform/mailer.ts';
import { createFileStorage } from './platform/storage/index.ts';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function printWelcome(config: Config, hasOrganisations: boolean): void {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}`;
  console.log(`\n  Atempo is running at ${url}  (API docs: ${url}/api/docs)`);
  if (config.role === 'all' && config.mcpPort !== null) {
    console.log(
      `  MCP server: http://${shownHost}:${config.mcpPort}${MCP_PATH}  (bearer: a personal API key)`,
    );
  }
  console.log('');
  if (!hasOrganisations) {
    console.log(
      `  No organisations yet. Register one at ${url}/register, or create demo data:\n` +
        (config.databaseUrl
          ? '  run `npm run seed:demo` with the same DATABASE_URL.\n'
          : '  stop the server, run `npm run seed:demo`, and start it again.\n'),
    );
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger: Logger = createLogger(config);
  const database = await openConfiguredDatabase(config);
  logger.info(
    {
      database: database.kind === 'postgres' ? 'postgresql' : `pglite (${config.dataDir}/pg)`,
      role: config.role,
    },
    'Database ready (migrations applied)',
  );
  const mailer = createMailer(config, logger);
  const jobs = new JobQueue({
    database,
    connectionString: config.databaseUrl,
    logger,
    leaseSeconds: config.jobWorkerLeaseSeconds,
  });
  const storage = createFileStorage(config.storage);
  // The processing pipeline's last stage: the knowledge module makes analysed documents searchable.
  const documentIndexer = createDocumentIndexer(database.db);
  let app: FastifyInstance | undefined;
  let mcp: FastifyInstance | undefined;

  /** In order: stop taking requests and finish the ones in flight, let running jobs end, close the database. */
  const stopAll = async () => {
    await Promise.all([app?.close(), mcp?.close()]);
    await jobs.stop(config.shutdownTimeoutMs);
    mailer.close();
    await database.close();
  };

  try {
    defineJobs(jobs, { config, db: database.db, mailer, logger, storage, documentIndexer });
    // ROLE=mcp only reads: it may send jobs but runs none.
    await jobs.start({ work: config.role === 'all' || config.role === 'worker' });
    if (config.role === 'all' || config.role === 'api') {
      app = await buildApp({
        config,
        database,
        jobs,
        mailer,
        logger,
        storage,
        documentIndexer,
      });
      await app.listen({ port: config.port, host: config.host });
      printWelcome(config, (await countOrganizations(database.db)) > 0);
    } else if (config.role === 'worker') {
      logger.info('Worker running (ROLE=worker)');
    }
    if ((config.role === 'all' || config.role === 'mcp') && config.mcpPort !== null) {
      mcp = await startMcpHttp({
        config,
        db: database.db,
        logger,
        tools: ASSISTANT_TOOLS,
        port: config.mcpPort,
        host: config.host,
      });
      logger.info({ port: config.mcpPort, path: MCP_PATH }, 'MCP server listening');
    } else if (config.role === 'mcp') {
      logger.warn('ROLE=mcp with MCP_PORT=0: nothing to serve');
    }
  } catch (error) {
    await stopAll().catch((stopError: unknown) =>
      logger.error({ err: stopError }, 'Cleanup after failed start'),
    );
    throw error;
  }

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'Second signal; exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    // Whatever hangs, the process still ends a little after the configured timeout.
    setTimeout(() => {
      logger.error('Shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5_000).unref();
    try {
      await stopAll();
      logger.info('Stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  // Known start-up problems read best as one line; anything else keeps its stack.
  const expected =
    error instanceof DatabaseInUseError ||
    (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
});
