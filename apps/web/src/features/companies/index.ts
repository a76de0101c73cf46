/** What other features may use of the companies feature; everything else in it is its own. */
export { COMPANY_PAGE_SIZE, companyKeys, DEFAULT_COMPANY_SORT } from './api/companies-api.ts';
