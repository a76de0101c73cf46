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
  type DealDetailsRow,
  type DealHeadline,
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
  type RedFlagDealRow,
} from './deals.queries.ts';

export { dealsRoutes } from './deals.routes.ts';
export {
  countDeals,
  createDeals,
  dealsForExport,
  type ExistingDeal,
  findDealsForImport,
  getDeal,
  listDealsOfCompany,
  rescoreDealsOfCompany,
  updateDeal,
} from './deals.service.ts';
export {
  type PortfolioGrouping,
  type PortfolioGroupRow,
  portfolioGroups,
} from './portfolio-groups.queries.ts';
