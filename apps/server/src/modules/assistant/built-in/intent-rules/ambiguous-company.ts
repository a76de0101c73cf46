import type { IntentRule } from './rule.ts';

/** A name several companies share ("Nordlys"): ask which one before anything else. */
export const ambiguousCompanyRule: IntentRule = ({ input, sure }) => {
  const ambiguous = input.mentions.find((m) => m.alternatives.length > 0);
  if (!ambiguous) return null;
  return sure(
    { kind: 'ambiguous_company', names: [ambiguous.name, ...ambiguous.alternatives.map((a) => a.name)] },
    0.5,
  );
};
