import {
  assessRisks,
  BUILT_IN_ANALYST,
  classifyDocument,
  DEFAULT_FX_RATES,
  type FxRates,
  findFacilityTerms,
  findKeyMetrics,
  summariseDocument,
} from '@atempo/documents';
import type { DocumentAnalyst } from './pipeline.ts';

/**
 * The built-in analyst of @atempo/documents (deterministic, offline) as the pipeline's analyst.
 * Figures in another currency are converted to EUR with the rates table, keeping the original.
 */
export function builtInAnalyst(fxRates: FxRates = DEFAULT_FX_RATES): DocumentAnalyst {
  return {
    engine: { ...BUILT_IN_ANALYST },
    classify: (doc, filename) => classifyDocument(doc, filename),
    findKeyMetrics: (doc, type) => findKeyMetrics(doc, type, { fxRates }),
    findFacilityTerms: (doc, type) => findFacilityTerms(doc, type, { fxRates }),
    assessRisks: (doc, input) => assessRisks(doc, input),
    summarise: (doc, type) => summariseDocument(doc, type),
  };
}
