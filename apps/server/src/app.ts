import type { DatabaseHandle } from '@atempo/db';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createCallerDirectory } from './caller-directory.ts';
import type { Config } from './config.ts';
import { ingestIntoAnnouncements } from './ingest-and-scan.ts';
import { defineJobs } from './jobs.ts';
import { alertsRoutes, notificationsRoutes, watchlistRoutes } from './modules/alerts/index.ts';
import { apiKeysRoutes } from './modules/api-keys/index.ts';
import type { AssistantEngine } from './modules/assistant/index.ts';
import {
  ASSISTANT_TOOLS,
  assistantRoutes,
  assistantToolsRoutes,
  type ChatRateLimits,
  createAssistantEngines,
  createAssistantService,
  createBuiltInAnalystEngine,
  createChatRateLimiter,
  runTool,
} from './modules/assistant/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { n8nRoutes } from './modules/automation/index.ts';
import { companiesRoutes } from './modules/companies/index.ts';
import { csvRoutes } from './modules/csv/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { dealIntelligenceRoutes } from './modules/deal-intelligence/index.ts';
import { companyDetailRoutes, dealsRoutes, dealUpdatesRoutes } from './modules/deals/index.ts';
import { documentsRoutes, uploadRoutes } from './modules/documents/index.ts';
import { fundingRoutes, intelligenceSourcesRoutes } from './modules/funding-news/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { icExportRoutes, icMemosRoutes } from './modules/ic-memos/index.ts';
import { integrationsRoutes, oauthRoutes, sharePointRoutes } from './modules/integrations/index.ts';
import { interactionsRoutes } from './modules/interactions/index.ts';
import { createDocumentIndexer, knowledgeRoutes } from './modules/knowledge/index.ts';
import { monitoringRoutes } from './modules/monitoring/index.ts';
import { meRoutes, organizationsRoutes } from './modules/organizations/index.ts';
import { researchRoutes } from './modules/research/index.ts';
import { scoringRoutes, thesisUpdateRoutes } from './modules/scoring/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { fundingRoundRoutes, signalsRoutes } from './modules/signals/index.ts';
import { thesisRoutes } from './modules/thesis/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import { workflowsRoutes } from './modules/workflows/index.ts';
import { createAccessTokens, createGuards } from './platform/auth.ts';
import { clientErrorHandler } from './platform/client-errors.ts';
import { registerCompression } from './platform/compression.ts';
import type { AppContext } from './platform/context.ts';
import { errorHandler, MAX_PARAM_LENGTH, registerJsonParser } from './platform/errors.ts';
import { JobQueue } from './platform/jobs.ts';
import { createLogger, requestIdFrom } from './platform/logger.ts';
import { createMailer, type Mailer } from './platform/mailer.ts';
import { registerOpenApi, registerPlatformErrorResponses } from './platform/openapi.ts';
import type { DocumentIndexer, FundingIngest } from './platform/ports.ts';
import { registerCors, registerSecurityHeaders } from './platform/security.ts';
import { registerResponseSerializer } from './platform/serializer.ts';
import { registerSpa } from './platform/spa.ts';
import { createFileStorage, type FileStorage } from './platform/storage/index.ts';
import { registerTextGuard } from './platform/text-guard.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** A started queue (main passes one). Absent: the app starts its own, with workers, and stops it on close. */
  jobs?: JobQueue;
  /** Absent: SMTP from SMTP_URL, else the log mailer. */
  mailer?: Mailer;
  logger?: Logger;
  /** Absent: the store the settings name (createFileStorage). */
  storage?: FileStorage;
  /** Makes analysed documents searchable; absent: the pipeline skips indexing. */
  documentIndexer?: DocumentIndexer | null;
  assistant?: AssistantOptions;
  /** Absent: fetched feed articles become announcements and signals (a test may record them instead). */
  fundingIngest?: FundingIngest;
}

/** Ask Anything's parts a test may change. */
export interface AssistantOptions {
  /** Absent: the built-in analyst over the eight tools. */
  builtIn?: AssistantEngine;
  /** Absent: CHAT_QUESTIONS_PER_MINUTE and CHAT_BUILT_IN_QUESTIONS_PER_MINUTE, a minute's window. */
  chatRateLimit?: ChatRateLimits;
  /** The provider layer's retry waits; absent: 1 s without Retry-After, at most 10 s. */
  retry?: { defaultRetryWaitMs?: number; maxRetryWaitMs?: number };
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** A hop count becomes the function form Fastify's types accept. */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Builds the HTTP application (routes, hooks, docs, SPA) without listening. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logger = options.logger ?? createLogger(config);
  const app = Fastify({
    loggerInstance: logger,
    genReqId: requestIdFrom,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: errorHandler,
    clientErrorHandler,
  }) as unknown as FastifyInstance;

  app.setValidatorCompiler(validatorCompiler);
  registerResponseSerializer(app);
  app.setErrorHandler(errorHandler);
  registerJsonParser(app);
  registerTextGuard(app);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  registerCors(app, config.corsOrigins);
  await registerCompression(app);
  await registerSecurityHeaders(app);
  registerPlatformErrorResponses(app);
  await registerOpenApi(app);

  const mailer = options.mailer ?? createMailer(config, logger);
  if (!options.mailer) app.addHook('onClose', async () => mailer.close());
  const jobs =
    options.jobs ??
    new JobQueue({
      database,
      connectionString: config.databaseUrl,
      logger,
      leaseSeconds: config.jobWorkerLeaseSeconds,
    });
  const accessTokens = createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    jobs,
    mailer,
    logger,
    accessTokens,
    guards: createGuards(accessTokens, createCallerDirectory(database.db, logger)),
    storage: options.storage ?? createFileStorage(config.storage),
    // Analysed documents become searchable unless a caller (a test) passes its own indexer or null.
    documentIndexer:
      options.documentIndexer === undefined ? createDocumentIndexer(database.db) : options.documentIndexer,
    fundingIngest:
      options.fundingIngest ?? ingestIntoAnnouncements({ db: database.db, config, logger, jobs }),
  };

  const tools = { tools: ASSISTANT_TOOLS, run: runTool };
  const assistant = createAssistantService({
    db: database.db,
    engines: createAssistantEngines(config, {
      builtIn: options.assistant?.builtIn ?? createBuiltInAnalystEngine(),
      tools,
      logger,
      retry: options.assistant?.retry,
    }),
    mcpPort: config.mcpPort,
    logger,
  });
  const chatLimiter = createChatRateLimiter(
    database.db,
    options.assistant?.chatRateLimit ?? {
      model: config.chatQuestionsPerMinute.model,
      builtIn: config.chatQuestionsPerMinute.builtIn,
      windowMs: 60_000,
    },
  );

  await app.register(healthRoutes(ctx));
  await app.register(
    async (api) => {
      await api.register(authRoutes(ctx));
      await api.register(usersRoutes(ctx));
      await api.register(meRoutes(ctx));
      await api.register(apiKeysRoutes(ctx));
      await api.register(organizationsRoutes(ctx));
      await api.register(thesisRoutes(ctx));
      await api.register(thesisUpdateRoutes(ctx));
      await api.register(companiesRoutes(ctx));
      await api.register(companyDetailRoutes(ctx));
      await api.register(dealsRoutes(ctx));
      await api.register(dealUpdatesRoutes(ctx));
      await api.register(dealIntelligenceRoutes(ctx));
      await api.register(csvRoutes(ctx));
      await api.register(scoringRoutes(ctx));
      await api.register(watchlistRoutes(ctx));
      await api.register(dashboardRoutes(ctx));
      await api.register(signalsRoutes(ctx));
      await api.register(notificationsRoutes(ctx));
      await api.register(alertsRoutes(ctx));
      await api.register(intelligenceSourcesRoutes(ctx));
      await api.register(documentsRoutes(ctx));
      await api.register(uploadRoutes(ctx));
      await api.register(workflowsRoutes(ctx));
      await api.register(icMemosRoutes(ctx));
      await api.register(researchRoutes(ctx));
      await api.register(n8nRoutes(ctx));
      await api.register(monitoringRoutes(ctx));
      await api.register(searchRoutes(ctx));
      await api.register(icExportRoutes(ctx));
      await api.register(knowledgeRoutes(ctx));
      await api.register(interactionsRoutes(ctx));
      await api.register(oauthRoutes(ctx));
      await api.register(integrationsRoutes(ctx));
      await api.register(sharePointRoutes(ctx));
      await api.register(fundingRoundRoutes(ctx));
      await api.register(fundingRoutes(ctx));
      await api.register(assistantRoutes(ctx, assistant, chatLimiter));
      await api.register(assistantToolsRoutes(ctx));
    },
    { prefix: '/api/v1' },
  );
  await registerSpa(app, config.webDist);

  if (!options.jobs) {
    defineJobs(jobs, ctx);
    await jobs.start({ work: true });
    app.addHook('onClose', async () => jobs.stop(config.shutdownTimeoutMs));
  }
  return app;
}
