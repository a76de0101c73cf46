import type { IntentRule } from './rule.ts';

/** A named calculation (runway, burn multiple, facility sizing) for a company or the one before. */
export const calculationRule: IntentRule = ({
  calculation,
  subject,
  followUpSubject,
  unknownNames,
  sure,
}) => {
  if (!calculation) return null;
  const calcSubject = subject ?? followUpSubject;
  if (!calcSubject && unknownNames.length > 0) {
    return sure({ kind: 'unknown_company', names: unknownNames, asked: calculation }, 0.8);
  }
  return sure({ kind: 'calculation', calculation, subject: calcSubject }, calcSubject ? 0.95 : 0.7);
};
