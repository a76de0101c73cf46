export { defineScoringJobs, queueRescore } from './rescore.jobs.ts';
export { rescoreOrganization } from './rescore.service.ts';
export { scoringRoutes } from './scoring.routes.ts';
export { thesisUpdateRoutes } from './thesis-update.routes.ts';
