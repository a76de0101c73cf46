import type { IntentRule } from './rule.ts';

/** The last resort: a question that names only companies the organisation does not hold. */
export const unknownCompanyRule: IntentRule = ({ unknownNames, sure }) =>
  unknownNames.length > 0
    ? sure({ kind: 'unknown_company', names: unknownNames, asked: 'details' }, 0.7)
    : null;
