export {
  companiesForSignals,
  companyNamesByIds,
  companySubjectsByIds,
  countCompaniesCreatedBy,
  organizationsWithCompanies,
} from './companies.queries.ts';
export { companiesRoutes } from './companies.routes.ts';
export {
  type CompanyRow,
  companiesForExport,
  companyScoringStats,
  countCompanies,
  createCompanies,
  createCompany,
  findCompaniesByNames,
  findCompanyByNormalisedName,
  findOrCreateCompanyByName,
  getCompany,
  getCompanyRow,
  toCompanyWithWatch,
  updateCompany,
} from './companies.service.ts';
export { columnsFromRequest, companyFacts } from './company-columns.ts';
export { companyFieldsFromDeal } from './company-from-deal.ts';
export { nameKeyMatch } from './company-name-key.ts';
export { containsPattern } from './contains-pattern.ts';
