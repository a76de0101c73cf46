import type { IntentRule } from './rule.ts';

/** Named metrics of a company (or of the one before, for "and its burn?"); an unknown name says so. */
export const metricsRule: IntentRule = ({ metrics, subject, subjectOrFollowUp, unknownNames, sure }) => {
  if (metrics.length > 0 && subjectOrFollowUp) {
    return sure({ kind: 'metrics', subject: subjectOrFollowUp, metrics, named: true }, subject ? 0.95 : 0.8);
  }
  if (metrics.length > 0 && !subject && unknownNames.length > 0) {
    return sure({ kind: 'unknown_company', names: unknownNames, asked: metrics.join(', ') }, 0.8);
  }
  return null;
};
