export { companyDetailRoutes } from './company-detail.routes.ts';
export { columnsFromRequest } from './deal-columns.ts';
export { rescoreDeals } from './deal-rescore.ts';
export { dealsRoutes } from './deals.routes.ts';
export {
  countDeals,
  createDeals,
  dealsForExport,
  getDeal,
  listDealsOfCompany,
  rescoreDealsOfCompany,
  updateDeal,
} from './deals.service.ts';
