export {
  allCompanyNames,
  companiesSimilarTo,
  companyFinancials,
  companyNameAndUpdate,
  companyNamesByIds,
  companyNamesFingerprint,
} from './companies.queries.ts';
export { companiesRoutes } from './companies.routes.ts';
export {
  type CompanyRow,
  companiesForExport,
  companyScoringStats,
  countCompanies,
  createCompanies,
  createCompany,
  findCompaniesByFuzzyName,
  findCompaniesNamed,
  findCompanyByName,
  findOrCreateCompanyByName,
  getCompany,
  getCompanyRow,
  requireCompanyIds,
  toCompanyWithWatch,
  updateCompany,
} from './companies.service.ts';
export { columnsFromRequest, companyFacts } from './company-columns.ts';
export { companyFieldsFromDeal } from './company-from-deal.ts';
export { FUNDING_ROUND_ARTICLE, type ReportedRound, recordFundingRound } from './company-funding-rounds.ts';
export {
  fuzzyNameCandidates,
  fuzzyNameMatches,
  fuzzyNameScore,
  isNameLike,
  NAME_MATCH_THRESHOLD,
} from './company-fuzzy-names.ts';
export {
  type CompanyListRow,
  companiesByNameOrWords,
  companiesRankedByFinancialFact,
  companiesSilentSince,
} from './company-lists.queries.ts';
export {
  type CompanyMatch,
  type CompanyMatchQuery,
  companyNamedIn,
  findCompaniesInText,
  findCompanyByNameOrDomain,
  matchCompanies,
} from './company-matcher.ts';
export { nameKeyMatch } from './company-name-key.ts';
export { organizationsWithCompanies, rescoreCompanies } from './company-rescore.ts';
export { companyMetrics } from './company-scores.ts';
export {
  anyTerm,
  type CompanyProfileRow,
  companyProfileById,
  portfolioCompanyProfiles,
  SEARCH_CANDIDATES,
  searchCompanyProfiles,
  stageFilter,
} from './company-search.queries.ts';
export {
  companiesForSignals,
  companySubjectsByIds,
  countCompaniesCreatedBy,
} from './company-subjects.queries.ts';
export { containsPattern } from './contains-pattern.ts';
