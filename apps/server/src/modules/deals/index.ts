export { columnsFromRequest } from './deal-columns.ts';
export { dealsRoutes } from './deals.routes.ts';
export {
  createDeals,
  dealsForExport,
  getDeal,
  listDealsOfCompany,
  rescoreDealsOfCompany,
  updateDeal,
} from './deals.service.ts';
