export { companyDetailRoutes } from './company-detail.routes.ts';
export { columnsFromRequest } from './deal-columns.ts';
export {
  companyIdsWithDeals,
  dealFiguresAt,
  dealReferenceById,
  dealSubjectsByIds,
  dealsClosedPerMonth,
  dealsCreatedPerMonth,
  pipelineTotals,
  thematicScoreBuckets,
} from './deal-figures.queries.ts';
export { rescoreDeals } from './deal-rescore.ts';
export { dealUpdatesRoutes } from './deal-updates.routes.ts';
export {
  type CompanyDealItem,
  companyIdOfDeal,
  DEAL_RANKINGS,
  type DealDetailsRow,
  type DealHeadline,
  type DealRankingColumn,
  dealCovers,
  dealDetails,
  dealForAutomation,
  dealHeadline,
  dealHeadlinesOfCompanies,
  dealIdsOfCompany,
  dealItemsOfCompanies,
  dealsInSector,
  dealsWithRedFlags,
  lockDeal,
  type RankedDealRow,
  type RedFlagDealRow,
  rankedDeals,
} from './deals.queries.ts';
export { dealsRoutes } from './deals.routes.ts';
export {
  countDeals,
  createDeals,
  dealNotFound,
  dealsForExport,
  type ExistingDeal,
  findDealsForImport,
  getDeal,
  listDealsOfCompany,
  rescoreDealsOfCompany,
  updateDeal,
} from './deals.service.ts';
export {
  aggregatesOf,
  CRITICAL_RISK_LEVEL,
  criticalRiskSql,
  DECIDED_DEAL_STAGES,
  isOpenStage,
  OPEN_DEAL_STAGES,
  openStageSql,
  type PipelineAggregates,
  pipelineAggregates,
  type StageTotal,
} from './pipeline-aggregates.ts';
export {
  type PortfolioGrouping,
  type PortfolioGroupRow,
  portfolioGroups,
} from './portfolio-groups.queries.ts';
