export { columnsFromRequest } from './deal-columns.ts';
export {
  companyIdOfDeal,
  dealCovers,
  dealForAutomation,
  dealIdsOfCompany,
  dealsInSector,
  lockDeal,
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
