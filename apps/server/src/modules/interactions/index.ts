export { companyInteractions } from './company-interactions.service.ts';
export { latestInteractionAtOfCompanies } from './interactions.queries.ts';
export { interactionsRoutes } from './interactions.routes.ts';
export {
  createNote,
  type LinkedCompany,
  type NewInteraction,
  processEmail,
  recordInteraction,
  refreshInteractionSearchVectors,
} from './interactions.service.ts';
