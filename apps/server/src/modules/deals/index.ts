export { columnsFromRequest } from './deal-columns.ts';
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
  createDeals,
  dealsForExport,
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
