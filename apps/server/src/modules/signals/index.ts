export { fundingRoundRoutes } from './funding-round.routes.ts';
export { deriveAndStoreSignals, MARKET_SIGNAL_SCAN_WORKFLOW, queueSignalScan } from './signal-scan.ts';
export { hasMarketSignals, signalsInWindow } from './signal-window.queries.ts';
export { defineSignalJobs } from './signals.jobs.ts';
export { countHighImpactSignals, signalsDetectedBetween } from './signals.queries.ts';
export { signalsRoutes } from './signals.routes.ts';
