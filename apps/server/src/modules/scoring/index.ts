export {
  type CompanyFacts,
  companyMetrics,
  scoreCompanyColumns,
  touchesCompanyScore,
  touchesDealsOfCompany,
} from './company-scores.ts';
export { type DealFacts, scoreDealColumns, touchesDealScore } from './deal-scores.ts';
export { defineScoringJobs, queueRescore } from './rescore.jobs.ts';
export { RESCORE_PAGE, rescoreDeals, rescoreOrganization } from './rescore.service.ts';
export { scoringRoutes } from './scoring.routes.ts';
