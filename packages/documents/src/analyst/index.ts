/** The built-in analyst: deterministic document analysis with a source for every figure (decision 014). */
export { type AnalyseOptions, analyseDocument, BUILT_IN_ANALYST, type BuiltInAnalysis } from './analyse.ts';
export { type Classification, classifyDocument } from './classify.ts';
export { type FacilityOptions, findFacilityTerms } from './facility.ts';
export { DEFAULT_FX_RATES, type FxOverrides, type FxRates, withFxOverrides } from './fx-rates.ts';
export {
  type DocumentIssuer,
  findIssuer,
  otherCompanyMessage,
  otherCompanyOf,
  pagesNaming,
  sameCompanyDomain,
  sameCompanyName,
} from './issuer.ts';
export { type FindMetricsOptions, findKeyMetrics, type KeyMetrics } from './metrics.ts';
export { assessRisks, type RiskAssessment, type RiskInput } from './risks.ts';
export { SUGGESTED_FOLDERS, type Summary, summariseDocument } from './summary.ts';
