export { addCompanyFromRound } from './add-company-from-round.ts';
export { deriveAndStoreSignals, MARKET_SIGNAL_SCAN_WORKFLOW, queueSignalScan } from './signal-scan.ts';
export { defineSignalJobs } from './signals.jobs.ts';
export { hasMarketSignals, signalsInWindow } from './signals.queries.ts';
export { signalsRoutes } from './signals.routes.ts';
