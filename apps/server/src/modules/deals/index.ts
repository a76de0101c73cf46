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
